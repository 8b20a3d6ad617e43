import type { Centavos } from '@gym/contracts/money';

/**
 * A plan as the module keeps it: its amounts in centavos. The spec's JSON (`precio`, pesos) is
 * written and read by plans.wire.ts only.
 */
export interface PlanRecord {
  idPlan: number;
  nombrePlan: string;
  description: string;
  /** The spec's hourly price. */
  precioCentavos: Centavos;
  /** What the desk charges a month. */
  cuotaMensualCentavos: Centavos;
  codigoPlan: string;
  /** The version a later edit sends back. */
  updatedAt: string;
}

/** What a write sets: every field but the code and the version. */
export type PlanFields = Omit<PlanRecord, 'codigoPlan' | 'updatedAt'>;
