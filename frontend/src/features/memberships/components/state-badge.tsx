import type { MembershipState } from '@gym/contracts/membership-rules';

const STYLES: Record<MembershipState, { label: string; className: string }> = {
  activa: { label: 'Activa', className: 'text-bg-success' },
  'por vencer': { label: 'Por vencer', className: 'text-bg-warning' },
  vencida: { label: 'Vencida', className: 'text-bg-danger' },
  pausada: { label: 'Pausada', className: 'text-bg-secondary' },
};

export function StateBadge({ state }: { state: MembershipState | null }) {
  const style = state ? STYLES[state] : { label: 'Sin membresía', className: 'text-bg-light border' };
  return <span className={`badge ${style.className}`}>{style.label}</span>;
}

/** Clients without a valid apto físico are flagged wherever they appear. */
export function AptoFlag({ valid }: { valid: boolean }) {
  return valid ? null : (
    <span className="badge text-bg-danger-subtle text-danger-emphasis border">Sin apto físico</span>
  );
}
