import { Router, type RequestHandler } from 'express';
import { allow, member } from '../../http/route-access';
import type { createPricingController } from './pricing.controller';

const input =
  '{fecha: aaaa-mm-dd, tipo: monto|porcentaje|ipc, valor? (monto: the new fee in centavos; porcentaje: 10.5), redondeoCentavos? (default 10000 = $ 100), planes: [idPlan], categorias?: [accesorios|equipos|indumentaria|all] (the shop products of those categories, by porcentaje or ipc only), confirmado?}';
const rules =
  '400 (nothing changes) for a date in the past or inside AVISO_PRECIO_DIAS days, a zero or negative result, a percentage over 100 without `confirmado: true`, an unknown plan or category, `monto` with categories, a product left under $ 1; 409 for a plan or category with another change that date; 409 `No pudimos leer el IPC…` for `ipc` while the IPC cannot be read (the change waits)';

/** Scheduled price changes (issue 47): the owner's, the member's banner and Reportes' IPC. */
export function pricingRoutes(
  c: ReturnType<typeof createPricingController>,
  guards: { requireStaff: RequestHandler; requireMember: RequestHandler },
) {
  const staff = guards.requireStaff;
  return Router()
    .get(
      '/precios/ipc',
      staff,
      allow('precios.ver', {
        notes:
          '`{mes, valor, variacionMensual, fuente, leidoEn}`: the last IPC month (INDEC, national, general level) and its change over the month before in percent; 409 `No pudimos leer el IPC…` while no value could be read (a change by IPC waits; never a 5xx)',
      }),
      c.ipc,
    )
    .post(
      '/precios/cambios/preview',
      staff,
      allow('precios.ver', {
        input,
        notes: `\`{fecha, tipo, porcentaje, mesIpc, planes: [{idPlan, nombrePlan, cuotaActualCentavos, cuotaNuevaCentavos}], afectados, excluidos: [{…, motivo: prepago|pausa|archivado, motivoTexto}], ingresoMensualAntesCentavos, ingresoMensualDespuesCentavos, productos: {categorias, cantidad, ejemplos: [{id, nombre, precioActualCentavos, precioNuevoCentavos}]}}\`: changes nothing; ${rules}`,
      }),
      c.preview,
    )
    .get(
      '/precios/cambios',
      staff,
      allow('precios.ver', {
        notes:
          '`{cambios: [{id, fecha, tipo, valor, mesIpc, redondeoCentavos, estado: programado|avisado|aplicado|cancelado, avisoEnviadoEn, aplicadoEn, planes, categorias, createdAt}]}`, latest date first',
      }),
      c.list,
    )
    .post(
      '/precios/cambios',
      staff,
      allow('precios.gestionar', {
        input,
        notes: `201, the change; members are told at once (WhatsApp \`aumento_de_cuota\` to those who accepted it, else e-mail) when its date is AVISO_PRECIO_DIAS days away or less (else by the job when it is), then it is \`avisado\`; on the date the plans' fees and the prices of the categories products (on their price that day, rounded) change; audited; ${rules}`,
      }),
      c.create,
    )
    .put(
      '/precios/cambios/:id',
      staff,
      allow('precios.gestionar', {
        input,
        notes: `the change edited; 409 \`Los socios ya fueron avisados de este cambio: solo se puede posponer.\` once told; ${rules}`,
      }),
      c.update,
    )
    .delete(
      '/precios/cambios/:id',
      staff,
      allow('precios.gestionar', {
        notes: '`{message}`: cancelled; 409 once members were told; 404 for an unknown one',
      }),
      c.cancel,
    )
    .post(
      '/precios/cambios/:id/posponer',
      staff,
      allow('precios.gestionar', {
        input: '{fecha}',
        notes:
          'the change at a later date (members already told are told the new date); 400 for a date not after the current one; 409 once applied or cancelled',
      }),
      c.postpone,
    )
    .get(
      '/socio/avisos-de-precio',
      guards.requireMember,
      member({
        notes:
          "`{avisos: [{id, fecha, plan, cuotaActualCentavos, cuotaNuevaCentavos, texto}]}`: the coming price changes of the member's plan they were told of (the portal's banner)",
      }),
      c.notices,
    )
    .get(
      '/reportes/ipc',
      staff,
      allow('reportes.ver', {
        notes:
          "`{base, meses: [{mes, ingresoCentavos, ingresoRealCentavos, ipc}], cambios: [{id, fecha, planes, bajas60Dias}]}`: the last 12 months' income and in pesos of the last IPC month (`base`), and the bajas asked for in the 60 days after each applied change",
      }),
      c.report,
    );
}
