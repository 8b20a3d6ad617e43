import { Router, type RequestHandler } from 'express';
import { allow } from '../../http/route-access';
import type { createInvoicesController } from './invoices.controller';

/** The owner's Facturas (issue 44): ARCA's invoices by state, a rejected one retried, the month against its income. */
export function invoicesRoutes(controller: ReturnType<typeof createInvoicesController>, requireStaff: RequestHandler) {
  return Router()
    .get(
      '/facturas',
      requireStaff,
      allow('facturas.ver', {
        input: '?estado=pendiente|autorizada|rechazada|sin_factura&page=1',
        notes:
          "`{facturas, total, page, limit}` newest first, 50 a page: each `{id, tipo, cbteTipo, numero (0003-00000123 once authorised), estado, detalle, totalCentavos, fecha, cae, caeVence, mensajeArca (ARCA's own `(código) mensaje`), queHacer, intentos, pagoId, pedidoId, facturaAsociadaId, creadaAt}`; empty while invoicing is off",
      }),
      controller.list,
    )
    .get(
      '/facturas/estado',
      requireStaff,
      allow('facturas.ver', {
        notes:
          "`{activa, cuit, puntoDeVenta, certificadoVence, aviso}`: whether invoicing is configured; `aviso` (Spanish) from a week before the certificate's end, and once it has ended",
      }),
      controller.status,
    )
    .get(
      '/facturas/resumen',
      requireStaff,
      allow('facturas.ver', {
        input: '?mes=aaaa-mm',
        notes:
          "the Tucumán month (this one by default): `{mes, facturadoCentavos (facturas − notas de crédito authorised in it), facturasCentavos, notasCreditoCentavos, pendienteCentavos, ingresosCentavos (Reportes' income), diferenciaCentavos}`",
      }),
      controller.summary,
    )
    .post(
      '/facturas/:id/reintentar',
      requireStaff,
      allow('facturas.reintentar', {
        input: '{dni?, condicionIvaReceptor?}',
        notes:
          "a rejected invoice back to `pendiente` (the job asks ARCA within a minute): `{message, factura}`; the receiver corrected first where given (`dni`: 7 or 8 digits, empty or null for consumidor final sin identificar; `condicionIvaReceptor`: RG 5616's code a Factura C takes), a field left out unchanged; 400 in Spanish for a bad one; 409 when it is not rejected; audited with the receiver before and after",
      }),
      controller.retry,
    );
}
