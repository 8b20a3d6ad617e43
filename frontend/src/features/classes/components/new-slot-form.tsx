import { useState, type FormEvent, type ReactNode } from 'react';
import { CLASS_DISCIPLINES, disciplineLabels, weekdayLabels, type ClassSetup } from '@gym/contracts';
import { changing } from '@/api/server-state';
import { showAlert } from '@/components/alerts';
import { showFailure } from '@/components/show-failure';
import { createSlot } from '../api/classes-api';

export const TrainerOptions = ({ trainers }: { trainers: ClassSetup['trainers'] }) => (
  <>
    <option value="">Sin asignar</option>
    {trainers.map((t) => (
      <option key={t.id} value={t.id}>
        {t.nombre}
      </option>
    ))}
  </>
);

const Field = ({ id, label, width, children }: { id: string; label: string; width: number; children: ReactNode }) => (
  <div className={`col-sm-${width}`}>
    <label className="form-label" htmlFor={id}>
      {label}
    </label>
    {children}
  </div>
);

const EMPTY = {
  discipline: 'boxeo',
  weekday: 1,
  starts: '',
  ends: '',
  room: '',
  capacity: 20,
  trainerId: null as number | null,
};

/** A new hour is a new slot (an existing one keeps its hours: its booked sessions hang on them). */
export function NewSlotForm({ trainers }: { trainers: ClassSetup['trainers'] }) {
  const [draft, setDraft] = useState(EMPTY);
  const set = (changes: Partial<typeof EMPTY>) => setDraft({ ...draft, ...changes });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await changing(['classes'], createSlot(draft));
      setDraft(EMPTY);
      void showAlert({ icon: 'success', title: 'Horario agregado', timer: 1500 });
    } catch (err) {
      await showFailure(err, 'No se pudo agregar el horario');
    }
  };
  return (
    <form className="row g-2 align-items-end mb-4" onSubmit={(e) => void submit(e)} aria-label="Agregar horario">
      <Field id="slot-discipline" label="Clase" width={2}>
        <select
          id="slot-discipline"
          className="form-select"
          value={draft.discipline}
          onChange={(e) => set({ discipline: e.target.value })}
        >
          {CLASS_DISCIPLINES.map((d) => (
            <option key={d} value={d}>
              {disciplineLabels[d]}
            </option>
          ))}
        </select>
      </Field>
      <Field id="slot-weekday" label="Día" width={2}>
        <select
          id="slot-weekday"
          className="form-select"
          value={draft.weekday}
          onChange={(e) => set({ weekday: Number(e.target.value) })}
        >
          {[1, 2, 3, 4, 5, 6, 7].map((d) => (
            <option key={d} value={d}>
              {weekdayLabels[d]}
            </option>
          ))}
        </select>
      </Field>
      <Field id="slot-starts" label="Empieza" width={2}>
        <input
          id="slot-starts"
          type="time"
          className="form-control"
          value={draft.starts}
          onChange={(e) => set({ starts: e.target.value })}
        />
      </Field>
      <Field id="slot-ends" label="Termina" width={2}>
        <input
          id="slot-ends"
          type="time"
          className="form-control"
          value={draft.ends}
          onChange={(e) => set({ ends: e.target.value })}
        />
      </Field>
      <Field id="slot-room" label="Sala" width={2}>
        <input
          id="slot-room"
          className="form-control"
          value={draft.room}
          onChange={(e) => set({ room: e.target.value })}
        />
      </Field>
      <Field id="slot-capacity" label="Cupo" width={1}>
        <input
          id="slot-capacity"
          type="number"
          className="form-control"
          value={draft.capacity}
          onChange={(e) => set({ capacity: Number(e.target.value) })}
        />
      </Field>
      <Field id="slot-trainer" label="Entrenador" width={3}>
        <select
          id="slot-trainer"
          className="form-select"
          value={draft.trainerId ?? ''}
          onChange={(e) => set({ trainerId: e.target.value ? Number(e.target.value) : null })}
        >
          <TrainerOptions trainers={trainers} />
        </select>
      </Field>
      <div className="col-12">
        <button type="submit" className="btn btn-outline-primary">
          Agregar horario
        </button>
      </div>
    </form>
  );
}
