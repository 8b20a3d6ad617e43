import { Field, Formik, type FormikHelpers } from 'formik';
import {
  classSetupMessages as cs,
  classSlotEditSchema,
  disciplineLabels,
  weekdayLabels,
  type ClassSetup,
  type ClassSlot,
} from '@gym/contracts/classes';
import { changing } from '@/api/server-state';
import { showFailure } from '@/components/show-failure';
import { editSlot } from '../api/classes-api';
import { CompactField, CompactSelect } from './compact-field';
import { sent } from './sent-body';
import { notify } from '@/components/notices';

const TrainerOptions = ({ trainers }: { trainers: ClassSetup['trainers'] }) => (
  <>
    <option value="">Sin asignar</option>
    {trainers.map((t) => (
      <option key={t.id} value={t.id}>
        {t.nombre}
      </option>
    ))}
  </>
);

interface SlotValues {
  room: string;
  capacity: number | '';
  /** The select's value: '' is "Sin asignar". */
  trainerId: string;
  active: boolean;
}

/** One weekly slot's room, places, trainer and whether it runs; its hours stay (booked sessions hang on them). */
export function SlotRow({ slot, trainers }: { slot: ClassSlot; trainers: ClassSetup['trainers'] }) {
  const name = `${disciplineLabels[slot.discipline]} ${weekdayLabels[slot.weekday]} ${slot.starts}`;
  const submit = async (values: SlotValues, helpers: FormikHelpers<SlotValues>) => {
    const { room, capacity, trainerId, active } = sent(classSlotEditSchema, values);
    try {
      await changing(['classes'], editSlot(slot.id, { room, capacity, trainerId, active }));
    } catch (err) {
      helpers.setErrors((await showFailure(err, 'No se pudo guardar el horario')).fields);
      return;
    }
    notify(cs.slotSaved);
  };
  const initialValues: SlotValues = {
    room: slot.room,
    capacity: slot.capacity,
    trainerId: slot.trainerId === null ? '' : String(slot.trainerId),
    active: slot.active,
  };
  return (
    <Formik<SlotValues> initialValues={initialValues} validationSchema={classSlotEditSchema} onSubmit={submit}>
      {({ isSubmitting, submitForm }) => (
        <tr>
          <td>
            {weekdayLabels[slot.weekday]} {slot.starts}–{slot.ends}
          </td>
          <td>
            <CompactField name="room" label={`Sala de ${name}`} />
          </td>
          <td style={{ width: '6rem' }}>
            <CompactField name="capacity" label={`Cupo de ${name}`} type="number" step={1} />
          </td>
          <td>
            <CompactSelect name="trainerId" label={`Entrenador de ${name}`}>
              <TrainerOptions trainers={trainers} />
            </CompactSelect>
          </td>
          <td>
            <Field type="checkbox" name="active" aria-label={`${name} activo`} className="form-check-input" />
          </td>
          <td>
            <button
              type="button"
              className="btn btn-sm btn-outline-primary"
              disabled={isSubmitting}
              onClick={() => void submitForm()}
            >
              Guardar
            </button>
          </td>
        </tr>
      )}
    </Formik>
  );
}
