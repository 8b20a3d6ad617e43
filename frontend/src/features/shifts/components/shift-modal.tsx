import { Form, Formik } from 'formik';
import { SHIFTS, shiftChangeSchema, type ShiftChange, type ShiftRow } from '@gym/contracts/shifts';
import { productMessages } from '@gym/contracts/messages';
import { Modal } from '@/components/modal';
import { SelectField } from '@/components/select-field';
import { showFailure } from '@/components/show-failure';
import { changeShift } from '../api/shifts-api';
import { notify } from '@/components/notices';

interface ShiftModalProps {
  row: ShiftRow;
  trainers: string[];
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}

const SHIFT_OPTIONS = SHIFTS.map((shift) => ({ value: shift, label: shift }));

/** Shift and trainer are stored with the client (DESIGN 7), so staff choose them here. */
export function ShiftModal({ row, trainers, open, onClose, onSaved }: ShiftModalProps) {
  const submit = async (values: ShiftChange) => {
    try {
      await changeShift(row.idUsuario, shiftChangeSchema.validateSync(values, { stripUnknown: true }));
    } catch (err) {
      await showFailure(err, 'El turno no se cambió');
      return;
    }
    notify(productMessages.saved);
    onSaved();
  };

  return (
    <Modal open={open} title={`Cambiar turno de ${row.usuario}`} onClose={onClose}>
      <Formik<ShiftChange>
        initialValues={{ turno: row.turno, entrenador: row.entrenador }}
        validationSchema={shiftChangeSchema}
        onSubmit={submit}
      >
        {({ isSubmitting }) => (
          <Form noValidate>
            <SelectField name="turno" label="Turno" options={SHIFT_OPTIONS} required />
            <SelectField
              name="entrenador"
              label="Entrenador"
              options={trainers.map((name) => ({ value: name, label: name }))}
              required
            />
            <button type="submit" className="btn btn-primary w-100" disabled={isSubmitting}>
              Guardar
            </button>
          </Form>
        )}
      </Formik>
    </Modal>
  );
}
