import { useState } from 'react';
import { Link } from 'react-router-dom';
import { clientMessages as m, type ArchivedClient } from '@gym/contracts/clients';
import { formatInstant } from '@gym/contracts/format-dates';
import { formatMoney } from '@gym/contracts/format-money';
import { countOf } from '@gym/contracts/format';
import { confirmAction } from '@/components/alerts';
import { showFailure } from '@/components/show-failure';
import { EmptyState, ErrorState, Loading } from '@/components/status';
import { usePageTitle } from '@/components/use-page-title';
import { paths } from '@/config/paths';
import { useResource } from '@/hooks/use-resource';
import { listArchivedClients, restoreClient } from '../api/clients-api';
import { notify } from '@/components/notices';

/** What an archived client keeps, in words: "2 pagos por $ 15.000 · 1 pedido". */
function historyText({ history }: ArchivedClient) {
  const parts = [];
  if (history.pagos > 0) {
    const total = formatMoney(history.totalPagadoCentavos);
    parts.push(`${countOf(history.pagos, 'pago', 'pagos')} por ${total}`);
  }
  if (history.pedidos > 0) parts.push(countOf(history.pedidos, 'pedido', 'pedidos'));
  if (history.clases > 0) parts.push(countOf(history.clases, 'clase o ingreso', 'clases e ingresos'));
  if (history.enviosDelSocio > 0)
    parts.push(countOf(history.enviosDelSocio, 'pago online o comprobante', 'pagos online o comprobantes'));
  return parts.join(' · ');
}

/** /clientes/archivados: the owner's archive of clients deleted while they had payments or orders. */
export default function ArchivedClientsPage() {
  usePageTitle('Clientes archivados');
  const archive = useResource(['clients', 'archived'], listArchivedClients);
  const [busy, setBusy] = useState<string>();

  const restore = async ({ client }: ArchivedClient) => {
    const confirmed = await confirmAction({
      title: `¿Restaurar a ${client.nombre}?`,
      text: 'Vuelve a aparecer en las listas, con sus pagos, su membresía y su historial.',
      confirmText: 'Sí, restaurar',
      cancelText: 'Cancelar',
    });
    if (!confirmed) return;
    setBusy(client.idUsuario);
    try {
      await restoreClient(client.idUsuario);
      notify(m.restored);
    } catch (err) {
      await showFailure(err, 'El usuario no se restauró');
      archive.reload();
    } finally {
      setBusy(undefined);
    }
  };

  return (
    <section>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h1 className="h3 mb-0">Clientes archivados</h1>
        <Link to={paths.admin.clientList} className="btn btn-outline-secondary">
          Volver a la lista de usuarios
        </Link>
      </div>
      <p className="text-body-secondary">
        Cuando se borra un cliente que tenía pagos o pedidos, no se pierde nada: queda acá, fuera de las listas, con su
        plata y su historial.
      </p>
      {archive.status === 'loading' && <Loading label="Cargando clientes archivados…" />}
      {archive.status === 'error' && <ErrorState message={archive.error.message} onRetry={archive.reload} />}
      {archive.status === 'ready' &&
        (archive.data.length === 0 ? (
          <EmptyState>No hay clientes archivados.</EmptyState>
        ) : (
          <ul className="list-group">
            {archive.data.map((entry) => (
              <li key={entry.client.idUsuario} className="list-group-item d-flex flex-wrap gap-2 align-items-center">
                <div className="me-auto">
                  <div className="fw-semibold">{entry.client.nombre}</div>
                  <div className="small text-break">{entry.client.correo}</div>
                  <div className="small text-body-secondary">
                    Archivado el {formatInstant(entry.archivedAt)}
                    {entry.archivedBy ? ` por ${entry.archivedBy}` : ''} · {historyText(entry)}
                  </div>
                </div>
                <button
                  type="button"
                  className="btn btn-outline-primary btn-sm"
                  disabled={busy === entry.client.idUsuario}
                  onClick={() => void restore(entry)}
                >
                  Restaurar<span className="visually-hidden"> a {entry.client.nombre}</span>
                </button>
              </li>
            ))}
          </ul>
        ))}
    </section>
  );
}
