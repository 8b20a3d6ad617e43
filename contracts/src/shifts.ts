import * as yup from 'yup';
import { trimmedText } from './fields';

/** The three shifts of the gym (SPEC §9), in the order of the day. */
export const SHIFTS = ['Mañana', 'Tarde', 'Noche'] as const;
export type Shift = (typeof SHIFTS)[number];

/** One row of the Turnos table: the shift and trainer stored with the client. */
export interface ShiftRow {
  idUsuario: string;
  turno: Shift;
  usuario: string;
  entrenador: string;
}

export const TRAINER_NAME_MAX = 60;

export const shiftMessages = {
  turnoInvalid: 'El turno debe ser Mañana, Tarde o Noche',
  entrenadorInvalid: 'Elegí un entrenador de la lista',
} as const;

export const shiftField = () =>
  yup.string().typeError(shiftMessages.turnoInvalid).oneOf(SHIFTS, shiftMessages.turnoInvalid);

export const trainerField = () =>
  trimmedText(shiftMessages.entrenadorInvalid)
    .min(1, shiftMessages.entrenadorInvalid)
    .max(TRAINER_NAME_MAX, shiftMessages.entrenadorInvalid);

/** PUT /v1/turnos/:idUsuario: both chosen from the lists the admin screen offers. */
export const shiftChangeSchema = yup.object({
  turno: shiftField().required(shiftMessages.turnoInvalid),
  entrenador: trainerField().required(shiftMessages.entrenadorInvalid),
});

export type ShiftChange = yup.InferType<typeof shiftChangeSchema>;
