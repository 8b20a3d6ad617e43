import EditClientPage from '../../features/clients/pages/edit-client-page';
import { ClientClasses } from '../../features/classes';
import { MembershipSection } from '../../features/memberships';
import { ClientWhatsapp } from '../../features/messaging';

/** The client's page with the front desk's membership below the spec's form: composed here, as features never import each other. */
export default function EditClientRoute() {
  return (
    <EditClientPage
      below={(client) => (
        <>
          <MembershipSection idUsuario={client.idUsuario} nombre={client.nombre} />
          <ClientClasses idUsuario={client.idUsuario} />
          <ClientWhatsapp idUsuario={client.idUsuario} />
        </>
      )}
    />
  );
}
