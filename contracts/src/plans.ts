import * as yup from 'yup';
import { hasWholeCentavos, type Centavos } from './money';
import { securityMessages } from './security-messages';
import { trimmedText } from './fields';
import { recordCodeField } from './clients';
import { centavosNumber, noBidiControls, strictNumber } from './products';

export interface Plan {
  idPlan: number;
  nombrePlan: string;
  description: string;
  precio: number;
  /**
   * What the desk charges a month, in centavos both ways (the spec has no such field; its hourly
   * `precio` stays in pesos).
   */
  cuotaMensualCentavos: Centavos;
  codigoPlan: string;
  /** The version a later edit sends back: a save over a newer one is refused (409). */
  updatedAt: string;
}

export const MAX_PLANS = 9;
export const PLAN_LIMITS = {
  idPlan: { min: 1, max: MAX_PLANS },
  nombrePlan: { max: 30 },
  description: { max: 80 },
  precio: { min: 1000, max: 100_000 },
  /** $ 1.000 to $ 1.000.000, in centavos. */
  cuotaMensualCentavos: { min: 100_000, max: 100_000_000 },
} as const;

export const planMessages = {
  codigoPlanInvalid: 'El código del plan solo puede tener letras, números, guiones y guiones bajos (hasta 64)',
  idPlanRequired: 'El número de plan es obligatorio',
  idPlanRange: 'El número de plan debe ser un número entero del 1 al 9',
  nombrePlanRequired: 'El nombre del plan es obligatorio',
  nombrePlanMax: 'El nombre del plan no puede tener más de 30 caracteres',
  descriptionRequired: 'La descripción del plan es obligatoria',
  descriptionMax: 'La descripción del plan no puede tener más de 80 caracteres',
  precioRequired: 'El precio por hora es obligatorio',
  precioNumber: 'El precio por hora debe ser un número',
  precioRange: 'El precio por hora debe estar entre 1000 y 100000',
  precioCentavos: 'El precio por hora puede tener hasta dos decimales (los centavos)',
  cuotaRequired: 'La cuota mensual es obligatoria',
  cuotaNumber: 'La cuota mensual va en centavos, como número entero',
  cuotaRange: 'La cuota mensual debe estar entre $ 1.000 y $ 1.000.000',
  notFound: 'El plan no existe',
  stale: 'Otra persona modificó este plan mientras lo editabas. Recargá para ver los cambios.',
  duplicateIdPlan: 'Ya existe un plan con ese número',
  duplicateCodigoPlan: 'Ya existe un plan con ese código',
  full: 'Ya hay 9 planes: borrá uno antes de agregar otro',
  inUse: 'No se puede borrar el plan: todavía hay clientes con este plan. Cambiales el plan antes de borrarlo.',
  inUseArchived:
    'No se puede borrar el plan: lo tienen clientes archivados, que guardan su historial de pagos. Podés editarlo en lugar de borrarlo.',
  maxHint: 'Administre hasta 9 planes',
  added: 'Usuario agregado exitosamente',
  edited: 'Plan editado Exitosamente',
  deleted: 'Plan eliminado Correctamente',
} as const;

const m = planMessages;
const L = PLAN_LIMITS;
const upperCase = (value: unknown) => (typeof value === 'string' ? value.toUpperCase() : value);

/** The monthly fee in whole centavos (the form reads what was typed with money-input.ts). */
const cuotaField = () =>
  centavosNumber(m.cuotaNumber)
    .min(L.cuotaMensualCentavos.min, m.cuotaRange)
    .max(L.cuotaMensualCentavos.max, m.cuotaRange);

/** SPEC §5 plan form: name and description are stored in upper case. */
export const planSchema = yup.object({
  codigoPlan: recordCodeField(m.codigoPlanInvalid).optional(),
  idPlan: strictNumber(m.idPlanRange)
    .required(m.idPlanRequired)
    .integer(m.idPlanRange)
    .min(L.idPlan.min, m.idPlanRange)
    .max(L.idPlan.max, m.idPlanRange),
  nombrePlan: trimmedText(m.nombrePlanRequired)
    .transform(upperCase)
    .required(m.nombrePlanRequired)
    .max(L.nombrePlan.max, m.nombrePlanMax)
    .test('bidi', securityMessages.bidiControl, noBidiControls),
  description: trimmedText(m.descriptionRequired)
    .transform(upperCase)
    .required(m.descriptionRequired)
    .max(L.description.max, m.descriptionMax),
  precio: strictNumber(m.precioNumber)
    .required(m.precioRequired)
    .min(L.precio.min, m.precioRange)
    .max(L.precio.max, m.precioRange)
    .test('centavos', m.precioCentavos, (v) => v === undefined || hasWholeCentavos(v)),
  cuotaMensualCentavos: cuotaField().required(m.cuotaRequired),
});

export type PlanInput = yup.InferType<typeof planSchema>;

/**
 * What `POST /v1/agregarplan` and `/v1/actualizarplan` take: the form's fields, but the spec's
 * clients send its body as written (SPEC §7: no monthly fee), so the fee may be left out. The
 * service then takes it from precio for a new plan and keeps the current one on an edit.
 */
export const planBodySchema = planSchema.shape({ cuotaMensualCentavos: cuotaField().optional() });

/** Plans are shown as '00' + idPlan (SPEC §3). */
export const formatPlanNumber = (idPlan: number) => `00${idPlan}`;

export type PlanBody = yup.InferType<typeof planBodySchema>;
