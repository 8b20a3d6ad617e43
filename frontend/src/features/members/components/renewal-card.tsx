import { useState } from 'react';
import { countOf } from '@gym/contracts/format';
import { formatMoney } from '@gym/contracts/format-money';
import { MEMBERSHIP_LIMITS } from '@gym/contracts/memberships';
import { onlinePaymentTitles as titles, type OnlinePaymentView } from '@gym/contracts/orders';
import { times, type Centavos } from '@gym/contracts/money';
import { toApiFailure } from '@/api/client';
import { useResource } from '@/hooks/use-resource';
import { latestRenewal, startRenewal } from '../api/members-api';
import { memberKeys } from '../member-keys';

const MONTHS = Array.from(
  { length: MEMBERSHIP_LIMITS.months.max - MEMBERSHIP_LIMITS.months.min + 1 },
  (_, i) => MEMBERSHIP_LIMITS.months.min + i,
);

/** The latest renewal online, as the provider has it: shown when there is one and it is recent news. */
function Latest({ pago }: { pago: OnlinePaymentView }) {
  if (pago.outcome === 'sin-pago' || pago.outcome === 'vencido') return null;
  const tone = { aprobado: 'success', pendiente: 'warning', rechazado: 'danger', reembolsado: 'secondary' }[
    pago.outcome
  ];
  const what = `${formatMoney(pago.amountCentavos)} por ${countOf(pago.months ?? 1, 'mes', 'meses')}`;
  return (
    <p className={`alert alert-${tone} small`} role="status" data-testid="mp-renewal">
      {titles[pago.outcome]}: {what}.{pago.outcome === 'aprobado' && ' Ya está en tus pagos, con su recibo.'}
      {pago.outcome === 'pendiente' && ' Te avisamos por e-mail apenas se acredite.'}
    </p>
  );
}

/**
 * Back from Mercado Pago (/socio?pago=mercadopago): what became of the payment, at the top of the
 * portal where the member's eyes land, not inside the card further down (issue 40).
 */
export function RenewalReturnNotice({ member }: { member: string }) {
  const latest = useResource(memberKeys.renewal(member), latestRenewal);
  if (latest.status !== 'ready' || !latest.data) return null;
  return <Latest pago={latest.data} />;
}

/**
 * "Pagar con Mercado Pago": N months of the plan's monthly fee, paid on the provider's page. A
 * payment still pending shows here; on the way back from the provider the page's top says it
 * (both read the same answer, asked once).
 */
export function RenewalCard({
  member,
  monthlyFee,
  returned,
}: {
  member: string;
  monthlyFee: Centavos;
  returned: boolean;
}) {
  const latest = useResource(memberKeys.renewal(member), latestRenewal);
  const [months, setMonths] = useState(1);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();

  const pay = async () => {
    setBusy(true);
    setFailure(undefined);
    try {
      window.location.assign((await startRenewal(months)).checkoutUrl);
    } catch (err) {
      setFailure((await toApiFailure(err)).message);
      setBusy(false);
    }
  };

  return (
    <section className="card mb-3" aria-labelledby="mp-renewal-title">
      <div className="card-body">
        <h2 id="mp-renewal-title" className="h6 text-body-secondary mb-2">
          Pagá tu cuota online
        </h2>
        {!returned && latest.status === 'ready' && latest.data?.outcome === 'pendiente' && (
          <Latest pago={latest.data} />
        )}
        <div className="d-flex flex-wrap align-items-end gap-2">
          <div>
            <label htmlFor="mp-months" className="form-label small mb-1">
              Meses
            </label>
            <select
              id="mp-months"
              className="form-select"
              value={months}
              onChange={(event) => setMonths(Number(event.target.value))}
            >
              {MONTHS.map((n) => (
                <option key={n} value={n}>
                  {countOf(n, 'mes', 'meses')}
                </option>
              ))}
            </select>
          </div>
          <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void pay()}>
            {busy ? 'Abriendo Mercado Pago…' : `Pagar con Mercado Pago ${formatMoney(times(monthlyFee, months))}`}
          </button>
        </div>
        {failure && (
          <p className="text-danger small mt-2 mb-0" role="alert">
            {failure}
          </p>
        )}
      </div>
    </section>
  );
}
