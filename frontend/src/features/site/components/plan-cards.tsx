import { Link } from 'react-router-dom';
import { plans, type DisciplineId } from '../data/disciplines';

/** SPEC §2: the boxing, yoga and gym plans that close every class page. */
export function PlanCards({ current }: { current: DisciplineId }) {
  return (
    <div className="row row-cols-1 row-cols-md-3 g-4">
      {plans.map((plan) => {
        const isCurrent = plan.id === current;
        return (
          <div className="col" key={plan.id}>
            <article className={`plan-card card h-100${isCurrent ? ' plan-card--current' : ''}`}>
              <div className="card-body d-flex flex-column">
                <h3 className="h4 card-title plan-card__name">{plan.name}</h3>
                <p className="plan-card__trial">Primera clase de prueba gratuita</p>
                <ul className="plan-card__features">
                  {plan.features.map((feature) => (
                    <li key={feature}>{feature}</li>
                  ))}
                </ul>
                {isCurrent ? (
                  <p className="mt-auto mb-0 fw-semibold plan-card__here">Estás viendo esta clase</p>
                ) : (
                  <Link className="btn btn-outline-primary mt-auto" to={plan.path}>
                    Ver {plan.name}
                  </Link>
                )}
              </div>
            </article>
          </div>
        );
      })}
    </div>
  );
}
