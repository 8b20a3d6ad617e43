import { Form, Formik, type FormikHelpers } from 'formik';
import {
  CLASS_DISCIPLINES,
  classSlotSchema,
  disciplineLabels,
  weekdayLabels,
  type ClassSetup,
} from '@gym/contracts/classes';
import { changing } from '@/api/server-state';
import { FormField } from '@/components/form-field';
import { SelectField } from '@/components/select-field';
import { showFailure } from '@/components/show-failure';
import { createSlot } from '../api/classes-api';
import { sent } from './sent-body';
import { notify } from '@/components/notices';

interface NewSlotValues {
  discipline: string;
  /** The selects' values as text; the schema reads them as numbers ('' trainer: null, "Sin asignar"). */
  weekday: string;
  starts: string;
  ends: string;
  room: string;
  capacity: number | '';
  trainerId: string;
}

const EMPTY: NewSlotValues = {
  discipline: 'boxeo',
  weekday: '1',
  starts: '',
  ends: '',
  room: '',
  capacity: 20,
  trainerId: '',
};

const DISCIPLINES = CLASS_DISCIPLINES.map((d) => ({ value: d, label: disciplineLabels[d] }));
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7].map((d) => ({ value: String(d), label: weekdayLabels[d]! }));

/** A new hour is a new slot (an existing one keeps its hours: its booked sessions hang on them). */
export function NewSlotForm({ trainers }: { trainers: ClassSetup['trainers'] }) {
  const submit = async (values: NewSlotValues, helpers: FormikHelpers<NewSlotValues>) => {
    const { discipline, weekday, starts, ends, room, capacity, trainerId } = sent(classSlotSchema, values);
    try {
      await changing(['classes'], createSlot({ discipline, weekday, starts, ends, room, capacity, trainerId }));
    } catch (err) {
      helpers.setErrors((await showFailure(err, 'No se pudo agregar el horario')).fields);
      return;
    }
    helpers.resetForm();
    notify('Horario agregado');
  };
  const trainerOptions = trainers.map((t) => ({ value: String(t.id), label: t.nombre }));
  return (
    <Formik<NewSlotValues> initialValues={EMPTY} validationSchema={classSlotSchema} onSubmit={submit}>
      {({ isSubmitting }) => (
        <Form noValidate className="row g-2 align-items-end mb-4" aria-label="Agregar horario">
          <div className="col-sm-2">
            <SelectField name="discipline" label="Clase" options={DISCIPLINES} />
          </div>
          <div className="col-sm-2">
            <SelectField name="weekday" label="Día" options={WEEKDAYS} />
          </div>
          <div className="col-sm-2">
            <FormField name="starts" label="Empieza" type="time" />
          </div>
          <div className="col-sm-2">
            <FormField name="ends" label="Termina" type="time" />
          </div>
          <div className="col-sm-2">
            <FormField name="room" label="Sala" />
          </div>
          <div className="col-sm-1">
            <FormField name="capacity" label="Cupo" type="number" step={1} />
          </div>
          <div className="col-sm-3">
            <SelectField name="trainerId" label="Entrenador" options={trainerOptions} placeholder="Sin asignar" />
          </div>
          <div className="col-12">
            <button type="submit" className="btn btn-outline-primary" disabled={isSubmitting}>
              Agregar horario
            </button>
          </div>
        </Form>
      )}
    </Formik>
  );
}
