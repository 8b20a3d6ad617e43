import { useSiteInfo } from '../hooks/use-site-info';

/**
 * The gym's street address and pickup hours (GYM_ADDRESS, PICKUP_HOURS via GET /v1/site); nothing
 * until they arrive, so no page shows a default the gym did not set.
 */
export function GymAddress({ className }: { className?: string }) {
  const site = useSiteInfo();
  if (site.status !== 'ready') return null;
  const { address, hours } = site.data.pickup;
  return (
    <address className={className} data-testid="gym-address">
      <span className="d-block">{address}</span> <span className="d-block">Retiro de pedidos: {hours}</span>
    </address>
  );
}
