import { planMessages, type Plan, type PlanInput } from '@gym/contracts/plans';
import { api } from '@/api/client';
import { changing } from '@/api/server-state';

export type PlanFields = Omit<PlanInput, 'codigoPlan'>;

export const listPlans = (signal?: AbortSignal) => api.get('obtenerlistadeplanes', { signal }).json<Plan[]>();

/** SPEC §7: the answer is a list; its first item is the plan. */
export async function getPlan(codigoPlan: string, signal?: AbortSignal): Promise<Plan> {
  const [plan] = await api.post('obtenerdataplan', { json: { codigoPlan }, signal }).json<Plan[]>();
  if (!plan) throw new Error(planMessages.notFound);
  return plan;
}

/** SPEC §3: the plan code is made in the browser (short, readable); a clash is the API's 409. */
export const newPlanCode = () => {
  const bytes = crypto.getRandomValues(new Uint8Array(4));
  return `p-${[...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
};

export const addPlan = (fields: PlanFields) =>
  changing(['plans'], api.post('agregarplan', { json: { ...fields, codigoPlan: newPlanCode() } }).json<Plan>());

/** `updatedAt` is the version the edit started from: a newer save by someone else answers 409. */
export const updatePlan = (codigoPlan: string, fields: PlanFields, updatedAt: string) =>
  changing(
    ['plans', 'clients', 'memberships'],
    api.post('actualizarplan', { json: { ...fields, codigoPlan, updatedAt } }).json<Plan>(),
  );

export const deletePlan = async (codigoPlan: string): Promise<void> => {
  await changing(['plans', 'clients', 'memberships'], api.post('borrarPlan', { json: { codigoPlan } }));
};
