import { Router, type RequestHandler } from 'express';
import { allow } from '../../http/route-access';
import type { createPlansController } from './plans.controller';

const planWrite = {
  input: '{idPlan, nombrePlan, description, precio, cuotaMensualCentavos?, codigoPlan, updatedAt?}',
  notes:
    "the plan (201 on add), name and description in upper case; `cuotaMensualCentavos` (whole centavos a month, $ 1.000 to $ 1.000.000, in both directions; `precio` stays in pesos) is what the desk charges: the form always sends it; the spec's body without it gets `precio` on an add and keeps the current fee on an edit; the server makes `codigoPlan` when absent; 409 for a taken number or code, for a 10th plan and for an edit from a stale `updatedAt`",
};

export function plansRoutes(controller: ReturnType<typeof createPlansController>, requireStaff: RequestHandler) {
  return Router()
    .get(
      '/obtenerlistadeplanes',
      requireStaff,
      allow('planes.ver', {
        notes: 'array of plans `{idPlan, nombrePlan, description, precio, codigoPlan, updatedAt}`, by `idPlan`',
      }),
      controller.list,
    )
    .post('/agregarplan', requireStaff, allow('planes.editar', planWrite), controller.create)
    .post(
      '/obtenerdataplan',
      requireStaff,
      allow('planes.ver', { input: '{codigoPlan}', notes: '`[plan]`; 404 `El plan no existe`' }),
      controller.get,
    )
    .post('/actualizarplan', requireStaff, allow('planes.editar', planWrite), controller.update)
    .post(
      '/borrarPlan',
      requireStaff,
      allow('planes.editar', { input: '{codigoPlan}', notes: '`{message}`; 409 while clients hold the plan' }),
      controller.remove,
    );
}
