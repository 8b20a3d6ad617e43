import { CLASS_DISCIPLINES, disciplineLabels, type ClassSetup } from '@gym/contracts/classes';
import { NewSlotForm } from './new-slot-form';
import { PlanRow } from './plan-row';
import { RulesForm } from './rules-form';
import { SlotRow } from './slot-row';

/** The owner's side of /admin/clases: booking rules, the weekly slots, and which plan includes which class. */
export function ClassSettings({ setup }: { setup: ClassSetup }) {
  return (
    <div className="mt-4">
      <h2 className="h4">Reglas de reserva</h2>
      <RulesForm rules={setup.rules} />
      <h2 className="h4">Planes y clases</h2>
      <table className="table table-sm align-middle mb-4">
        <tbody>
          {setup.plans.map((p) => (
            <PlanRow key={p.idPlan} plan={p} />
          ))}
        </tbody>
      </table>
      <h2 className="h4">Horarios</h2>
      <NewSlotForm trainers={setup.trainers} />
      {CLASS_DISCIPLINES.map((d) => (
        <details key={d} className="mb-2">
          <summary>{disciplineLabels[d]}</summary>
          <table className="table table-sm align-middle">
            <thead>
              <tr>
                <th>Día y hora</th>
                <th>Sala</th>
                <th>Cupo</th>
                <th>Entrenador</th>
                <th>Activo</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {setup.slots
                .filter((s) => s.discipline === d)
                .map((s) => (
                  <SlotRow key={s.id} slot={s} trainers={setup.trainers} />
                ))}
            </tbody>
          </table>
        </details>
      ))}
    </div>
  );
}
