import { Link } from 'react-router-dom';
import { formatPlanNumber, type Plan } from '@gym/contracts/plans';
import { formatPrice } from '@gym/contracts/format';
import { formatMoney } from '@gym/contracts/format-money';
import { paths } from '@/config/paths';

interface PlanCardProps {
  plan: Plan;
  /** Absent for a role that may only read: no edit or delete buttons then. */
  onDelete?: (plan: Plan) => void;
}

/** SPEC §3: '00' + idPlan, the name, the description and '$ {precio} por hora'. */
export function PlanCard({ plan, onDelete }: PlanCardProps) {
  return (
    <article className="card h-100 shadow-sm" aria-labelledby={`plan-${plan.codigoPlan}`}>
      <div className="card-body">
        <p className="text-body-secondary small fw-semibold mb-1">{formatPlanNumber(plan.idPlan)}</p>
        <h2 className="card-title h5" id={`plan-${plan.codigoPlan}`}>
          {plan.nombrePlan}
        </h2>
        <p className="card-text">{plan.description}</p>
        <p className="card-text fw-bold mb-0">{formatPrice(plan.precio)} por hora</p>
        <p className="card-text small text-body-secondary mb-0">
          Cuota mensual: {formatMoney(plan.cuotaMensualCentavos)}
        </p>
      </div>
      {onDelete && (
        <div className="card-footer bg-transparent d-flex gap-2">
          <button type="button" className="btn btn-outline-danger btn-sm" onClick={() => onDelete(plan)}>
            Borrar<span className="visually-hidden"> el plan {plan.nombrePlan}</span>
          </button>
          <Link to={paths.admin.editPlan(plan.codigoPlan)} className="btn btn-outline-secondary btn-sm">
            Editar<span className="visually-hidden"> el plan {plan.nombrePlan}</span>
          </Link>
        </div>
      )}
    </article>
  );
}
