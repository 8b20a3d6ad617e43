import { useState } from 'react';
import { debitStateLabels, type DebitView } from '@gym/contracts/debits';
import { formatMoney } from '@gym/contracts/format-money';
import type { Centavos } from '@gym/contracts/money';
import { toApiFailure } from '@/api/client';
import { useResource } from '@/hooks/use-resource';
import { myDebit, startDebit, stopDebit } from '../api/debit-api';
import { memberKeys } from '../member-keys';

const open = (d: DebitView | null | undefined): d is DebitView => !!d && d.estado !== 'cancelado';

/**
 * "Débito automático": the plan's monthly fee charged by Mercado Pago every month. The member
 * authorises it at the provider, sees its status here and stops it with one confirmation.
 */
export function DebitCard({
  member,
  monthlyFee,
  openAt = (url) => window.location.assign(url),
}: {
  member: string;
  monthlyFee: Centavos;
  /** Where the member goes to authorise it (the provider's page). */
  openAt?: (url: string) => void;
}) {
  const debit = useResource(memberKeys.debit(member), myDebit);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState<string>();
  const [failure, setFailure] = useState<string>();

  /** `work` answers whether the card stays busy (true: the page is leaving for the provider's). */
  const act = async (work: () => Promise<boolean>) => {
    setBusy(true);
    setFailure(undefined);
    setDone(undefined);
    try {
      if (await work()) return;
    } catch (err) {
      setFailure((await toApiFailure(err)).message);
    }
    setBusy(false);
  };
  const authorise = () =>
    act(async () => {
      openAt((await startDebit()).initPoint);
      return true;
    });
  const stop = (id: string) =>
    act(async () => {
      setDone((await stopDebit(id)).message);
      setConfirming(false);
      return false;
    });

  const current = debit.status === 'ready' ? debit.data : undefined;
  return (
    <section className="card mb-3" aria-labelledby="debit-title">
      <div className="card-body">
        <h2 id="debit-title" className="h6 text-body-secondary mb-2">
          Débito automático
        </h2>
        {debit.status === 'loading' && <p className="small mb-0">Consultando tu débito automático…</p>}
        {debit.status === 'error' && (
          <p className="small text-danger mb-0" role="alert">
            {debit.error.message}
          </p>
        )}
        {debit.status === 'ready' && !open(current) && (
          <>
            <p className="small mb-2">
              Pagá la cuota de {formatMoney(monthlyFee)} todos los meses sin hacer nada: Mercado Pago la cobra sola y te
              mandamos el recibo. La frenás cuando quieras desde acá.
            </p>
            <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void authorise()}>
              {busy ? 'Abriendo Mercado Pago…' : 'Activar débito automático'}
            </button>
          </>
        )}
        {open(current) && (
          <>
            <p className="mb-2" data-testid="debit-state">
              <strong>{debitStateLabels[current.estado]}</strong>
              <br />
              <span className="small">
                {current.plan}: {formatMoney(current.amountCentavos)} por mes
              </span>
            </p>
            <div className="d-flex flex-wrap gap-2">
              {current.estado === 'pendiente' && (
                <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void authorise()}>
                  Autorizar en Mercado Pago
                </button>
              )}
              {!confirming ? (
                <button
                  type="button"
                  className="btn btn-outline-danger"
                  disabled={busy}
                  onClick={() => setConfirming(true)}
                >
                  Frenar el débito automático
                </button>
              ) : (
                <>
                  <button
                    type="button"
                    className="btn btn-danger"
                    disabled={busy}
                    onClick={() => void stop(current.id)}
                  >
                    {busy ? 'Frenando…' : 'Sí, frenarlo'}
                  </button>
                  <button
                    type="button"
                    className="btn btn-outline-secondary"
                    disabled={busy}
                    onClick={() => setConfirming(false)}
                  >
                    No, dejarlo
                  </button>
                </>
              )}
            </div>
          </>
        )}
        <p className="small text-success mt-2 mb-0" role="status">
          {done}
        </p>
        {failure && (
          <p className="text-danger small mt-2 mb-0" role="alert">
            {failure}
          </p>
        )}
      </div>
    </section>
  );
}
