import { useParams } from 'react-router-dom';
import { ErrorState, Loading } from '@/components/status';
import { usePageTitle } from '@/components/use-page-title';
import { useResource } from '@/hooks/use-resource';
import { getClient, listExtras } from '../api/clients-api';
import { BackToList } from '../components/back-link';
import { MembershipCell, planLabel } from '../components/client-table';

/**
 * /clientes/ver/:idUsuario: a client read-only, for every role (a trainer's way to look a member
 * up): the data, the shift and trainer, and whether the membership is current and the apto valid.
 */
export default function ViewClientPage() {
  const { idUsuario = '' } = useParams();
  usePageTitle('Ver usuario');
  const data = useResource(['clients', 'one-with-extras', idUsuario], (signal) =>
    Promise.all([getClient(idUsuario, signal), listExtras(signal)]),
  );
  if (data.status === 'loading') return <Loading label="Cargando el usuario…" />;
  if (data.status === 'error')
    return (
      <>
        <ErrorState message={data.error.message} onRetry={data.error.status === 404 ? undefined : data.reload} />
        <BackToList />
      </>
    );
  const [client, extras] = data.data;
  const rows: [string, string | number][] = [
    ['Código', client.idUsuario],
    ['Edad', client.edad],
    ['Email', client.correo],
    ['Celular', client.celular],
    ['Plan', planLabel(client.plan, extras.planNames.get(client.plan))],
    ['Turno', client.turno],
    ['Entrenador', client.entrenador],
  ];
  return (
    <section style={{ maxWidth: '40rem' }}>
      <h1 className="h3 mb-3">{client.nombre}</h1>
      <dl className="row mb-3">
        {rows.map(([label, value]) => (
          <div key={label} className="col-12 d-flex flex-wrap gap-2 border-bottom py-2">
            <dt className="fw-semibold" style={{ minWidth: '8rem' }}>
              {label}
            </dt>
            <dd className="mb-0 text-break">{value}</dd>
          </div>
        ))}
        <div className="col-12 d-flex flex-wrap gap-2 py-2">
          <dt className="fw-semibold" style={{ minWidth: '8rem' }}>
            Membresía y apto
          </dt>
          <dd className="mb-0">
            <MembershipCell status={extras.statuses.get(client.idUsuario)} />
          </dd>
        </div>
      </dl>
      <BackToList />
    </section>
  );
}
