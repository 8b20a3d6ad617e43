import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { clientDeleteQuestion, clientMessages as m, type Client } from '@gym/contracts/clients';
import { countOf } from '@gym/contracts/format';
import { confirmDelete } from '@/components/confirm-delete';
import { Pager } from '@/components/pager';
import { showFailure } from '@/components/show-failure';
import { EmptyState, ErrorState, Loading } from '@/components/status';
import { usePageTitle } from '@/components/use-page-title';
import { paths } from '@/config/paths';
import { useResource } from '@/hooks/use-resource';
import { useCan } from '../../auth/staff';
import { deleteClient, listClients, listExtras } from '../api/clients-api';
import { ClientTable } from '../components/client-table';
import { notify } from '@/components/notices';

export const PAGE_SIZE = 10;

const matches = (client: Client, text: string) =>
  [client.idUsuario, client.nombre, client.correo, String(client.celular)].some((field) =>
    field.toLocaleLowerCase('es').includes(text),
  );

/** /clientes and /listadeusuarios: the list, searched and paged in the browser, fresh again after a delete. */
export default function ClientListPage() {
  usePageTitle('Usuarios');
  const clients = useResource(['clients', 'list'], listClients);
  const extras = useResource(['clients', 'extras'], listExtras);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);

  const found = useMemo(() => {
    const text = search.trim().toLocaleLowerCase('es');
    return (clients.data ?? []).filter((client) => !text || matches(client, text));
  }, [clients.data, search]);
  const pages = Math.ceil(found.length / PAGE_SIZE);
  const shown = Math.min(page, Math.max(pages, 1));
  const visible = found.slice((shown - 1) * PAGE_SIZE, shown * PAGE_SIZE);

  const can = useCan();
  const mayEdit = can('clientes.editar');
  const remove = async (client: Client) => {
    if (!(await confirmDelete(clientDeleteQuestion(client.idUsuario)))) return;
    let archived: boolean;
    try {
      ({ archived } = await deleteClient(client.idUsuario));
    } catch (err) {
      await showFailure(err, 'El usuario no se borró');
      clients.reload();
      return;
    }
    // An archived client's note needs reading: the notice stays until closed or replaced.
    notify(m.deleted, archived ? m.archivedNote : undefined);
  };

  return (
    <section>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h1 className="h3 mb-0">Lista de usuarios</h1>
        <div className="d-flex flex-wrap gap-2">
          {can('clientes.archivo') && (
            <Link to={paths.admin.archivedClients} className="btn btn-outline-dark">
              Clientes archivados
            </Link>
          )}
          {mayEdit && (
            <Link to={paths.admin.addClient} className="btn btn-primary">
              Agregar usuario
            </Link>
          )}
        </div>
      </div>
      <div className="mb-3" role="search">
        <label htmlFor="client-search" className="visually-hidden">
          Buscar usuario
        </label>
        <input
          id="client-search"
          type="search"
          className="form-control"
          placeholder="Buscar por código, nombre, email o celular"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setPage(1);
          }}
        />
      </div>
      {clients.status === 'loading' && <Loading label="Cargando usuarios…" />}
      {clients.status === 'error' && <ErrorState message={clients.error.message} onRetry={clients.reload} />}
      {clients.status === 'ready' &&
        (visible.length > 0 ? (
          <>
            <p className="text-body-secondary small" aria-live="polite">
              {countOf(found.length, 'usuario', 'usuarios')}
            </p>
            <ClientTable clients={visible} extras={extras.data} onDelete={mayEdit ? remove : undefined} />
            <Pager page={shown} pages={pages} onChange={setPage} label="Páginas de usuarios" />
          </>
        ) : (
          <EmptyState>
            {search.trim() ? 'Ningún usuario coincide con la búsqueda.' : 'Todavía no hay usuarios cargados.'}
          </EmptyState>
        ))}
    </section>
  );
}
