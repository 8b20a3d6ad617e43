import { formatInstant } from '@gym/contracts/format-dates';
import { formatMoney } from '@gym/contracts/format-money';
import { countOf } from '@gym/contracts/format';
import { useResource } from '@/hooks/use-resource';
import { getRejectedDebits } from '../api/debits-api';

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
