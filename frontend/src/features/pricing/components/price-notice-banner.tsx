import { useResource } from '@/hooks/use-resource';
import { myPriceNotices } from '../api/pricing-api';

/**
 * The portal's banner (issue 47): a coming change of the member's fee they were told of by e-mail,
 * with the old and the new fee and the date. Nothing while there is none, or it cannot be read.
 */
export function PriceNoticeBanner({ member }: { member: string }) {
  const notices = useResource(['plans', 'socio', member, 'avisos-de-precio'], myPriceNotices);
  if (notices.status !== 'ready' || notices.data.avisos.length === 0) return null;
  return (
    <div className="alert alert-warning mb-3" role="status" aria-label="Cambio de precio">
      <h2 className="h6 mb-1">Cambia el precio de tu cuota</h2>
      {notices.data.avisos.map((a) => (
        <p className="mb-0" key={a.id} data-testid="price-notice">
          {a.texto}
        </p>
      ))}
    </div>
  );
}
