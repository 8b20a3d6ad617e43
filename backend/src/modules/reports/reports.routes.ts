import { Router, type RequestHandler } from 'express';
import { allow } from '../../http/route-access';
import type { createReportsController } from './reports.controller';

const overTime = {
  input: '?hasta=aaaa-mm',
  notes:
    'twelve Tucumán months ending with `hasta` (this month by default; a later one is 400), one value per month: `ingresos` `{meses, porMetodoCentavos.<método>[], porPlan[{nombre, montosCentavos[]}] (the shop last, as *Tienda*), porFuenteCentavos.{cuotas, tienda}[], totalCentavos[]}`; `socios` `{meses, activos[], altas[], bajas[], bajasHasta}`; `asistencia` `{desde, hasta, porDiaYHora[7][24], total}` (check-ins let through in the twelve weeks up to then); `tienda` `{meses, productos[{nombre, unidades[], montosCentavos[]}]}` (the six best sellers by amount, then *Otros productos*)',
};

/** The desk closes its own cash (caja.cerrar); the owner also reads everyone's (caja.ver) and the numbers over time and the accountant's export (reportes.ver). */
export function reportsRoutes(controller: ReturnType<typeof createReportsController>, requireStaff: RequestHandler) {
  return Router()
    .get(
      '/caja',
      requireStaff,
      allow('caja.cerrar', {
        notes:
          "`{esperado, cierres}`: the signed-in person's shift (since their last closing, or the start of today in Tucumán) with what is expected per method (`porMetodo.<método>.{cuotasCentavos, pedidosCentavos}`: membership payments they recorded, voided ones out; shop orders they marked paid, cancelled ones out), `efectivoCentavos`, the counts (`pagos`, `pedidos`, `anulados`); and their last 10 closings",
      }),
      controller.current,
    )
    .post(
      '/caja/cierres',
      requireStaff,
      allow('caja.cerrar', {
        input: '{contadoCentavos, nota?}',
        notes:
          '201 `{cierre}`: the cash counted (`contadoCentavos`, whole centavos, both ways) against the cash expected, the difference kept (`diferenciaCentavos`; a note required when there is one: 400); immutable, audited',
      }),
      controller.close,
    )
    .get(
      '/caja/cierres',
      requireStaff,
      allow('caja.ver', { input: '?dia=aaaa-mm-dd', notes: "everyone's closings of a day in Tucumán" }),
      controller.ofDay,
    )
    .get(
      '/caja/cierres/:id/pdf',
      requireStaff,
      allow('caja.cerrar', {
        who: 'the owner (`caja.ver`) and the person who closed (`caja.cerrar`)',
        notes: 'one closing as an A5 PDF to sign',
      }),
      controller.pdf,
    )
    .get(
      '/reportes/contable',
      requireStaff,
      allow('reportes.ver', {
        input: '?mes=aaaa-mm&formato=csv|xlsx|libro-iva (or anio=aaaa for the year, csv or xlsx)',
        notes:
          "the accountant's month or year, streamed: every membership payment and every shop order paid in that month in Tucumán (date dd/mm/aaaa, receipt or order number, member or buyer, concept, method, amount, `vigente`/`anulado`, and its authorised Factura C: tipo, punto de venta `0003`, número `00000123`, CAE — empty while it has none), then the totals per method of what stands; CSV as the desk's (BOM, `;`, CRLF, decimal comma) or XLSX (exceljs, dates and amounts as such). `formato=libro-iva` (a month only; a year is a 400): `libro-iva-ventas-aaaa-mm.csv`, the Libro IVA Ventas — every Factura C and Nota de Crédito C ARCA authorised, by its date (fecha, tipo, código 11/13, punto de venta, número, doc. tipo and número, importe total, CAE, vto. CAE), then total facturas, total notas de crédito and the net; C vouchers carry no IVA (monotributo)",
      }),
      controller.accounting,
    )
    .get('/reportes/ingresos', requireStaff, allow('reportes.ver', overTime), controller.income)
    .get('/reportes/socios', requireStaff, allow('reportes.ver', overTime), controller.members)
    .get('/reportes/asistencia', requireStaff, allow('reportes.ver', overTime), controller.attendance)
    .get('/reportes/tienda', requireStaff, allow('reportes.ver', overTime), controller.shop);
}
