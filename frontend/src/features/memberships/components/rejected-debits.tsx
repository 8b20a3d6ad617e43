import { formatInstant } from '@gym/contracts/format-dates';
import { formatMoney } from '@gym/contracts/format-money';
import { countOf } from '@gym/contracts/format';
import { useResource } from '@/hooks/use-resource';
import { getObservedDebits, getRejectedDebits } from '../api/debits-api';

/**
 * "Débitos rechazados": members whose automatic debit Mercado Pago could not charge (it retries up
 * to four times in ten days; an approved retry takes them off). The member was e-mailed a link to
 * pay another way; the desk may call. Nothing when there are none.
 */
export function RejectedDebits() {
  const rejected = useResource(['memberships', 'debitos-rechazados'], getRejectedDebits);
  if (rejected.status !== 'ready' || rejected.data.length === 0) return null;
  return (
    <section className="alert alert-warning" aria-labelledby="rejected-debits-title">
      <h2 id="rejected-debits-title" className="h6">
        Débitos rechazados
      </h2>
      <ul className="list-unstyled mb-0 small">
        {rejected.data.map((r) => (
          <li key={`${r.idUsuario}-${r.periodo}`}>
            <strong>{r.nombre}</strong> ({r.idUsuario}) · cuota de {r.periodo.slice(5)}/{r.periodo.slice(0, 4)} ·{' '}
            {formatMoney(r.amountCentavos)} · {countOf(r.intentos, 'intento', 'intentos')}, el último el{' '}
            {formatInstant(r.updatedAt)}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * For the owner: charges Mercado Pago made at an amount or currency other than the plan's. They were
 * not recorded (nothing moved); the owner checks them with the provider. Nothing for other roles.
 */
export function ObservedDebits() {
  const observed = useResource(['memberships', 'debitos-observados'], getObservedDebits);
  if (observed.status !== 'ready' || observed.data.length === 0) return null;
  return (
    <section className="alert alert-secondary" aria-labelledby="observed-debits-title">
      <h2 id="observed-debits-title" className="h6">
        Débitos con un monto distinto del plan (no se registraron)
      </h2>
      <ul className="list-unstyled mb-0 small">
        {observed.data.map((o) => (
          <li key={`${o.idUsuario}-${o.periodo}-${o.updatedAt}`}>
            <strong>{o.nombre}</strong> ({o.idUsuario}) · cuota de {o.periodo.slice(5)}/{o.periodo.slice(0, 4)} · cobró{' '}
            {o.currency === 'ARS' ? formatMoney(o.amountCentavos) : `${o.amountCentavos / 100} ${o.currency}`} y el plan
            es {formatMoney(o.expectedCentavos)}
          </li>
        ))}
      </ul>
    </section>
  );
}
