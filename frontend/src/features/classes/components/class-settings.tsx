import { useState, type FormEvent } from 'react';
import {
  CLASS_DISCIPLINES,
  disciplineLabels,
  weekdayLabels,
  type ClassRules,
  type ClassSetup,
  type ClassSlot,
} from '@gym/contracts';
import { changing } from '@/api/server-state';
import { showAlert } from '@/components/alerts';
import { showFailure } from '@/components/show-failure';
import { editSlot, savePlanClasses, saveRules } from '../api/classes-api';
import { NewSlotForm, TrainerOptions } from './new-slot-form';

const saved = (title: string) => void showAlert({ icon: 'success', title, timer: 1500 });

function RulesForm({ rules }: { rules: ClassRules }) {
  const [draft, setDraft] = useState(rules);
  const field = (key: keyof ClassRules, label: string) => (
    <div className="col-sm-4">
      <label className="form-label" htmlFor={`rule-${key}`}>
        {label}
      </label>
      <input
        id={`rule-${key}`}
        type="number"
        className="form-control"
        value={draft[key]}
        onChange={(e) => setDraft({ ...draft, [key]: Number(e.target.value) })}
      />
    </div>
  );
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await changing(['classes'], saveRules(draft));
      saved('Reglas guardadas');
    } catch (err) {
      await showFailure(err, 'No se pudieron guardar las reglas');
    }
  };
  return (
    <form className="row g-2 align-items-end mb-4" onSubmit={(e) => void submit(e)}>
      {field('daysAhead', 'Las reservas abren (días antes)')}
      {field('freeCancelHours', 'Cancelación sin costo (horas antes)')}
      {field('weeklyLimit', 'Clases por semana (si el plan no dice)')}
      <div className="col-12">
        <button type="submit" className="btn btn-primary">
          Guardar reglas
        </button>
      </div>
    </form>
  );
}

function SlotRow({ slot, trainers }: { slot: ClassSlot; trainers: ClassSetup['trainers'] }) {
  const [draft, setDraft] = useState({
    room: slot.room,
    capacity: slot.capacity,
    trainerId: slot.trainerId,
    active: slot.active,
  });
  const save = async () => {
    try {
      await changing(['classes'], editSlot(slot.id, draft));
      saved('Horario guardado');
    } catch (err) {
      await showFailure(err, 'No se pudo guardar el horario');
    }
  };
  const name = `${disciplineLabels[slot.discipline]} ${weekdayLabels[slot.weekday]} ${slot.starts}`;
  return (
    <tr>
      <td>
        {weekdayLabels[slot.weekday]} {slot.starts}–{slot.ends}
      </td>
      <td>
        <input
          aria-label={`Sala de ${name}`}
          className="form-control form-control-sm"
          value={draft.room}
          onChange={(e) => setDraft({ ...draft, room: e.target.value })}
        />
      </td>
      <td style={{ width: '6rem' }}>
        <input
          aria-label={`Cupo de ${name}`}
          type="number"
          className="form-control form-control-sm"
          value={draft.capacity}
          onChange={(e) => setDraft({ ...draft, capacity: Number(e.target.value) })}
        />
      </td>
      <td>
        <select
          aria-label={`Entrenador de ${name}`}
          className="form-select form-select-sm"
          value={draft.trainerId ?? ''}
          onChange={(e) => setDraft({ ...draft, trainerId: e.target.value ? Number(e.target.value) : null })}
        >
          <TrainerOptions trainers={trainers} />
        </select>
      </td>
      <td>
        <input
          aria-label={`${name} activo`}
          type="checkbox"
          className="form-check-input"
          checked={draft.active}
          onChange={(e) => setDraft({ ...draft, active: e.target.checked })}
        />
      </td>
      <td>
        <button type="button" className="btn btn-sm btn-outline-primary" onClick={() => void save()}>
          Guardar
        </button>
      </td>
    </tr>
  );
}

function PlanRow({ plan }: { plan: ClassSetup['plans'][number] }) {
  const [disciplines, setDisciplines] = useState<string[]>(plan.disciplines);
  const [limit, setLimit] = useState<string>(plan.weeklyLimit ? String(plan.weeklyLimit) : '');
  const save = async () => {
    try {
      await changing(['classes'], savePlanClasses(plan.idPlan, disciplines, limit ? Number(limit) : null));
      saved('Clases del plan guardadas');
    } catch (err) {
      await showFailure(err, 'No se pudo guardar el plan');
    }
  };
  return (
    <tr>
      <td>{plan.nombrePlan}</td>
      <td>
        {CLASS_DISCIPLINES.map((d) => (
          <label key={d} className="me-3">
            <input
              type="checkbox"
              className="form-check-input me-2"
              checked={disciplines.includes(d)}
              onChange={(e) =>
                setDisciplines(e.target.checked ? [...disciplines, d] : disciplines.filter((x) => x !== d))
              }
            />
            {disciplineLabels[d]}
          </label>
        ))}
      </td>
      <td style={{ width: '7rem' }}>
        <input
          aria-label={`Clases por semana de ${plan.nombrePlan}`}
          type="number"
          className="form-control form-control-sm"
          placeholder="regla"
          value={limit}
          onChange={(e) => setLimit(e.target.value)}
        />
      </td>
      <td>
        <button type="button" className="btn btn-sm btn-outline-primary" onClick={() => void save()}>
          Guardar
        </button>
      </td>
    </tr>
  );
}

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
