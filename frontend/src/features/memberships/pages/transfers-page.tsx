import { useState } from 'react';
import { Link } from 'react-router-dom';
import { countOf } from '@gym/contracts/format';
import { formatDay, formatInstant } from '@gym/contracts/format-dates';
import { formatMoney } from '@gym/contracts/format-money';
import { minus } from '@gym/contracts/money';
import type { DeskTransferUpload } from '@gym/contracts/transfer-review';
import { confirmAction } from '@/components/alerts';
import { Pager } from '@/components/pager';
import { showFailure } from '@/components/show-failure';
import { EmptyState, ErrorState, Loading } from '@/components/status';
import { usePageTitle } from '@/components/use-page-title';
import { paths } from '@/config/paths';
import { useResource } from '@/hooks/use-resource';
import { approveTransfer, listTransfers, rejectTransfer, transferFileUrl } from '../api/memberships-api';
import { notify } from '@/components/notices';

/** Declared below months × the plan's fee: what is missing, said on the card and in the confirmation. */
export function shortfallText(upload: DeskTransferUpload): string | null {
  const missing = minus(upload.expectedCentavos, upload.amountCentavos);
  return missing > 0
    ? `Declaró ${formatMoney(upload.amountCentavos)}, menos de lo que corresponde: faltan ${formatMoney(missing)}.`
    : null;
}

/** One upload: the file beside what it pays, what it should pay, and the two decisions. */
function Upload({ upload, onDecided }: { upload: DeskTransferUpload; onDecided: () => void }) {
  const [busy, setBusy] = useState(false);
  const [motivo, setMotivo] = useState('');
  const decide = async (work: () => Promise<{ message: string }>, failTitle: string) => {
    setBusy(true);
    try {
      const { message } = await work();
      notify(message);
    } catch (err) {
      await showFailure(err, failTitle);
      onDecided();
    } finally {
      setBusy(false);
    }
  };
  const short = shortfallText(upload);
  const paidUntil = upload.paidUntil ? `pagada hasta el ${formatDay(upload.paidUntil)}` : 'sin pagos registrados';
  const approve = async () => {
    const yes = await confirmAction({
      title: `¿Registrar el pago de ${formatMoney(upload.amountCentavos)} de ${upload.nombre}?`,
      text:
        `${countOf(upload.months, 'mes', 'meses')}, por transferencia. Se le envía el recibo.` +
        ` Cuota ${paidUntil}.${short ? ` ${short}` : ''}`,
      confirmText: 'Sí, aprobar',
      cancelText: 'Volver',
    });
    if (yes) await decide(() => approveTransfer(upload.id), 'El comprobante no se aprobó');
  };
  const file = transferFileUrl(upload.id);
  return (
    <article className="card mb-3" aria-label={`Comprobante de ${upload.nombre}`}>
      <div className="d-flex flex-wrap">
        <div className="text-center p-2" style={{ width: '16rem' }}>
          {upload.contentType === 'application/pdf' ? (
            <a href={file} download className="btn btn-outline-dark my-4">
              Descargar el PDF
            </a>
          ) : (
            <a href={file} download>
              <img
                src={file}
                alt={`Comprobante de ${upload.nombre}`}
                className="img-fluid"
                style={{ maxHeight: '20rem' }}
              />
            </a>
          )}
        </div>
        <div className="flex-grow-1">
          <div className="card-body">
            <h2 className="h5">
              <Link to={`/editarusuario/${encodeURIComponent(upload.idUsuario)}`}>{upload.nombre}</Link>
            </h2>
            <p className="mb-1">
              {formatMoney(upload.amountCentavos)} · {countOf(upload.months, 'mes', 'meses')} · subido el{' '}
              {formatInstant(upload.createdAt)}
            </p>
            <p className="mb-1 small">
              Corresponde: {countOf(upload.months, 'mes', 'meses')} × {formatMoney(upload.planPriceCentavos)} (plan{' '}
              {upload.planName}) = {formatMoney(upload.expectedCentavos)}
            </p>
            <p className="mb-2 small">Cuota {paidUntil}</p>
            {short && (
              <p className="alert alert-warning py-1 px-2 small" role="status">
                {short}
              </p>
            )}
            <div className="d-flex flex-wrap gap-2 align-items-start">
              <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void approve()}>
                Aprobar
              </button>
              <form
                className="d-flex flex-wrap gap-2"
                onSubmit={(event) => {
                  event.preventDefault();
                  void decide(() => rejectTransfer(upload.id, motivo), 'El comprobante no se rechazó');
                }}
              >
                <label className="visually-hidden" htmlFor={`motivo-${upload.id}`}>
                  Motivo del rechazo
                </label>
                <input
                  id={`motivo-${upload.id}`}
                  className="form-control"
                  style={{ maxWidth: '16rem' }}
                  placeholder="Motivo del rechazo"
                  value={motivo}
                  onChange={(event) => setMotivo(event.target.value)}
                />
                <button type="submit" className="btn btn-outline-danger" disabled={busy}>
                  Rechazar
                </button>
              </form>
            </div>
          </div>
        </div>
      </div>
    </article>
  );
}

/** /membresias?estado=comprobantes: the transfers members uploaded from their portal, for the desk to check. */
export default function TransfersPage() {
  usePageTitle('Comprobantes por revisar');
  const [page, setPage] = useState(1);
  const data = useResource(['memberships', 'transfers', page], (signal) => listTransfers(page, signal));
  const pages = data.status === 'ready' ? Math.max(1, Math.ceil(data.data.total / data.data.limit)) : 1;
  // The last page emptied by decisions: back to the one that now is last.
  if (data.status === 'ready' && page > pages) setPage(pages);
  return (
    <section style={{ maxWidth: '60rem' }}>
      <Link to={paths.admin.memberships()} className="small">
        ← Membresías
      </Link>
      <h1 className="h3 mb-2">Comprobantes por revisar</h1>
      <p className="text-body-secondary">
        Los socios los suben desde su cuenta. Al aprobar, se registra el pago por transferencia y se le envía el recibo;
        al rechazar, le llega el motivo por e-mail.
      </p>
      {data.status === 'loading' && <Loading />}
      {data.status === 'error' && <ErrorState message={data.error.message} onRetry={data.reload} />}
      {data.status === 'ready' &&
        (data.data.total === 0 ? (
          <EmptyState>No hay comprobantes por revisar.</EmptyState>
        ) : (
          <>
            <p className="small text-body-secondary">
              {countOf(data.data.total, 'comprobante', 'comprobantes')} por revisar, los más antiguos primero
            </p>
            {data.data.comprobantes.map((u) => (
              <Upload key={u.id} upload={u} onDecided={data.reload} />
            ))}
            <Pager page={page} pages={pages} onChange={setPage} label="Páginas de comprobantes" />
          </>
        ))}
    </section>
  );
}
