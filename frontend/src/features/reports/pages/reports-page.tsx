import { useState, type ReactElement, type ReactNode } from 'react';
import { tucumanToday } from '@gym/contracts/membership-dates';
import { ErrorState, Loading } from '@/components/status';
import { usePageTitle } from '@/components/use-page-title';
import { useResource, type Resource } from '@/hooks/use-resource';
import { getAttendance, getIncome, getMembers, getShop } from '../api/reports-api';
import { AttendanceSection } from '../components/attendance-report';
import { IncomeSection } from '../components/income-report';
import { MembersSection } from '../components/members-report';
import { longMonth } from '../components/report-format';
import { ShopSection } from '../components/shop-report';

/** One report's states: loading, its failure with a retry, or what `show` draws of it. */
function Loaded<T>({
  of,
  what,
  show,
}: {
  of: Resource<T> & { reload(): void };
  what: string;
  show(data: T): ReactElement;
}) {
  if (of.status === 'loading') return <Loading label={`Cargando ${what}…`} />;
  if (of.status === 'error') return <ErrorState message={of.error.message} onRetry={of.reload} />;
  return show(of.data);
}

/**
 * /admin/reportes (the owner): the business over twelve months — income by method and by plan,
 * members, when the door gets busy, and what the shop sells — each chart beside its table; `below`,
 * what the routes add under them (the income against the IPC).
 */
export default function ReportsPage({ below }: { below?: ReactNode }) {
  usePageTitle('Reportes');
  const thisMonth = tucumanToday(new Date()).slice(0, 7);
  const [hasta, setHasta] = useState(thisMonth);
  const income = useResource(['reports', 'income', hasta], (signal) => getIncome(hasta, signal));
  const members = useResource(['reports', 'members', hasta], (signal) => getMembers(hasta, signal));
  const attendance = useResource(['reports', 'attendance', hasta], (signal) => getAttendance(hasta, signal));
  const shop = useResource(['reports', 'shop', hasta], (signal) => getShop(hasta, signal));
  return (
    <section style={{ maxWidth: '60rem' }}>
      <h1 className="h3">Reportes</h1>
      <div className="d-flex flex-wrap align-items-end gap-2 mb-3">
        <div>
          <label htmlFor="reports-until" className="form-label">
            Doce meses hasta
          </label>
          <input
            id="reports-until"
            type="month"
            className="form-control"
            value={hasta}
            max={thisMonth}
            onChange={(event) => event.target.value && event.target.value <= thisMonth && setHasta(event.target.value)}
          />
        </div>
        <p className="small text-body-secondary mb-2">Meses de Tucumán; {longMonth(hasta)} incluido.</p>
      </div>
      <Loaded of={income} what="los ingresos" show={(r) => <IncomeSection report={r} />} />
      <Loaded of={members} what="los socios" show={(r) => <MembersSection report={r} />} />
      <Loaded of={attendance} what="los ingresos a la sede" show={(r) => <AttendanceSection report={r} />} />
      <Loaded of={shop} what="las ventas de la tienda" show={(r) => <ShopSection report={r} />} />
      {below}
    </section>
  );
}
