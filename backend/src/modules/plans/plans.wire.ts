import { toCentavos, toPesos } from '@gym/contracts/money';
import type { Plan, PlanBody } from '@gym/contracts/plans';
import type { PlanFields, PlanRecord } from './plan';

/** The spec's plan JSON (SPEC §7): `precio` in pesos; the monthly fee beside it, named for its centavos. */
export const toPlanJson = (plan: PlanRecord): Plan => ({
  idPlan: plan.idPlan,
  nombrePlan: plan.nombrePlan,
  description: plan.description,
  precio: toPesos(plan.precioCentavos),
  cuotaMensualCentavos: plan.cuotaMensualCentavos,
  codigoPlan: plan.codigoPlan,
  updatedAt: plan.updatedAt,
});

/**
 * A plan as the audit trail has always kept it: the JSON's fields, with the monthly fee as
 * `cuotaMensual` in pesos (the sentences and the history already written read it so).
 */
export const toAuditedPlan = (plan: PlanRecord) => {
  const { cuotaMensualCentavos, ...json } = toPlanJson(plan);
  return { ...json, cuotaMensual: toPesos(cuotaMensualCentavos) };
};

/** A plan body as the service takes it: centavos; no fee when the spec's body has none. */
export interface PlanWrite {
  codigoPlan?: string;
  fields: Omit<PlanFields, 'cuotaMensualCentavos'> & { cuotaMensualCentavos?: PlanFields['cuotaMensualCentavos'] };
}

export const fromPlanBody = (body: PlanBody): PlanWrite => ({
  codigoPlan: body.codigoPlan,
  fields: {
    idPlan: body.idPlan,
    nombrePlan: body.nombrePlan,
    description: body.description,
    precioCentavos: toCentavos(body.precio),
    cuotaMensualCentavos: body.cuotaMensualCentavos,
  },
});
