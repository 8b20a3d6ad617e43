import { useState } from 'react';
import { formatInstant } from '@gym/contracts/format-dates';
import type { ContactMessage } from '@gym/contracts/contact';
import { Pager } from '@/components/pager';
import { EmptyState, ErrorState, Loading } from '@/components/status';
import type { Resource } from '@/hooks/use-resource';

export const PAGE_SIZE = 10;

/** 24-hour es-AR times, as the gym reads them ("23/11/26, 15:05"). */
interface MessageHistoryProps {
  title: string;
  history: Resource<ContactMessage[]> & { reload: () => void };
}

/** The messages sent, newest first, each with its outcome (DESIGN 5). */
export function MessageHistory({ title, history }: MessageHistoryProps) {
  const [page, setPage] = useState(1);
  const messages = history.data ?? [];
  const pages = Math.ceil(messages.length / PAGE_SIZE);
  const shown = Math.min(page, Math.max(pages, 1));
  return (
    <section aria-labelledby="message-history">
      <h2 className="h5 mb-3" id="message-history">
        {title}
      </h2>
      {history.status === 'loading' && <Loading label="Cargando mensajes…" />}
      {history.status === 'error' && <ErrorState message={history.error.message} onRetry={history.reload} />}
      {history.status === 'ready' &&
        (messages.length > 0 ? (
          <>
            <div className="table-responsive">
              <table className="table table-sm align-middle table-stack">
                <thead>
                  <tr>
                    <th scope="col">Fecha</th>
                    <th scope="col">Para</th>
                    <th scope="col">Mensaje</th>
                    <th scope="col">Resultado</th>
                  </tr>
                </thead>
                <tbody>
                  {messages.slice((shown - 1) * PAGE_SIZE, shown * PAGE_SIZE).map((message) => (
                    <tr key={message.id}>
                      <td data-label="Fecha" className="text-nowrap">
                        {formatInstant(message.createdAt)}
                      </td>
                      <td data-label="Para" className="text-break">
                        {message.user_name} <span className="text-body-secondary">&lt;{message.user_email}&gt;</span>
                      </td>
                      <td data-label="Mensaje" className="text-break">
                        {message.user_message}
                      </td>
                      <td data-label="Resultado">
                        {message.status === 'enviado' ? (
                          <span className="badge text-bg-success">Enviado</span>
                        ) : message.status === 'en cola' ? (
                          <span className="badge text-bg-secondary" title="Espera que el servidor de correo lo acepte">
                            En cola
                          </span>
                        ) : (
                          <span className="badge text-bg-danger" title={message.error ?? undefined}>
                            No enviado
                          </span>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pager page={shown} pages={pages} onChange={setPage} label="Páginas de mensajes" />
          </>
        ) : (
          <EmptyState>Todavía no se enviaron mensajes.</EmptyState>
        ))}
    </section>
  );
}
