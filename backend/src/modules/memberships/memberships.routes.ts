import { Router, type RequestHandler } from 'express';
import { allow } from '../../http/route-access';
import type { createMembershipsController } from './memberships.controller';

const desk = 'membresias.gestionar';
const pauses = {
  notes: 'the detail; at most one open pause (409 otherwise); resuming adds the paused days to paid-until',
};
const templates = {
  notes:
    "the e-mail and WhatsApp templates (`{nombre}`, `{plan}`, `{vence}`, `{fecha}`); every reminder adds, after its template, the member's account (`SITE_URL/socio`) and, when Mercado Pago is configured, the offer to renew online there",
};

export function membershipsRoutes(
  controller: ReturnType<typeof createMembershipsController>,
  requireStaff: RequestHandler,
) {
  return Router()
    .get(
      '/desk/dashboard',
      requireStaff,
      allow(desk, {
        notes:
          "the desk's figures (SQL aggregates): `{today, activas, porVencer, vencidas, pausadas, sinApto, nuevosClientes, comprobantes, ingresos: {mes, mesAnterior} each `{porMetodo.<método>.{cuotasCentavos, tiendaCentavos}, cuotasCentavos, tiendaCentavos, totalCentavos}`, ultimoRecordatorio, correosEnEspera}` (`correosEnEspera`: refused mails waiting to be retried)",
      }),
      controller.dashboard,
    )
    .get(
      '/clients/status',
      requireStaff,
      allow('clientes.ver', {
        notes:
          "`[{idUsuario, membresia: 'al día' | 'vencida' | 'pausada' | 'sin membresía', aptoValido}]` for the clients in the lists: what a trainer may know of each (no amounts, dates or contacts)",
      }),
      controller.statuses,
    )
    .get(
      '/desk/memberships',
      requireStaff,
      allow(desk, {
        input: '?estado=&q=&plan=&apto=sin&page=&limit=',
        notes:
          '`{items, total, page, limit}`; `estado` one of `por-vencer` (default), `vencidas`, `pausadas`, `activas`, `sin-apto`; 400 for an unknown list or filter',
      }),
      controller.list,
    )
    .get(
      '/desk/export',
      requireStaff,
      allow(desk, {
        input: '?…same filters',
        notes: 'the whole list (up to 10 000 rows) as `text/csv` download: UTF-8 with BOM, `;`, CRLF, dates dd/mm/aaaa',
      }),
      controller.csv,
    )
    .get(
      '/memberships/:idUsuario',
      requireStaff,
      allow(desk, {
        notes:
          '`{membership, planPriceCentavos, payments, pauses, reminders}` (`planPriceCentavos`: the monthly fee); `membership` is null before the first payment; 404 `El usuario no existe`',
      }),
      controller.detail,
    )
    .post(
      '/memberships/:idUsuario/payments',
      requireStaff,
      allow(desk, {
        input: '{amountCentavos?, method, months?, note?}',
        notes:
          "201 `{payment, detail}`; `amountCentavos` (whole centavos, as each payment answers it) defaults to the plan's monthly fee (`cuotaMensualCentavos`) × `months` (1–12); paid-until moves forward; the fee of that moment is kept with the payment",
      }),
      controller.pay,
    )
    .post(
      '/memberships/:idUsuario/pause',
      requireStaff,
      allow(desk, { input: '{motivo}', ...pauses }),
      controller.pause,
    )
    .post('/memberships/:idUsuario/resume', requireStaff, allow(desk, pauses), controller.resume)
    .put(
      '/memberships/:idUsuario/apto',
      requireStaff,
      allow(desk, {
        input: '{fecha, vence?}',
        notes: 'the detail; `vence` defaults to one year after `fecha`; a `fecha` after today is 400',
      }),
      controller.apto,
    )
    .post(
      '/payments/:id/void',
      requireStaff,
      allow(desk, {
        input: '{reason}',
        notes:
          'the detail; the payment stays, marked voided with its reason, and paid-until goes back by the days it added; 409 if already voided. Payments have no edit nor delete',
      }),
      controller.voidPayment,
    )
    .get(
      '/payments/:id/recibo',
      requireStaff,
      allow(desk, {
        notes:
          "the payment's receipt as a PDF download (`recibo-R-000123.pdf`): gym, number (one sequence without gaps, taken in the payment's transaction), member, period, amount in figures and words, method, who recorded it; ANULADO with the reason once voided; once ARCA authorised its Factura C the receipt is the invoice: `Factura C N° 0003-00000123`, CAE, its due date and RG 4892's QR",
      }),
      controller.receipt,
    )
    .post(
      '/payments/:id/recibo/enviar',
      requireStaff,
      allow(desk, {
        input: '{channel}',
        notes:
          "`{message, whatsappUrl}`: by `email` the receipt's PDF is attached (502 if the mail server refuses); by `whatsapp` a `wa.me` link whose text names the receipt and the portal, where the member downloads it; audited",
      }),
      controller.sendReceipt,
    )
    .get('/reminders/templates', requireStaff, allow(desk, templates), controller.templates)
    .put(
      '/reminders/templates/:channel',
      requireStaff,
      allow(desk, { input: '{text}', ...templates }),
      controller.saveTemplate,
    )
    .post(
      '/reminders',
      requireStaff,
      allow(desk, {
        input: '{channel, ids}',
        notes:
          "`{reminders: [{idUsuario, nombre, status, link}]}`: e-mails are sent at once (staff wait for each outcome) and kept in the message history (`enviado`/`fallido`); WhatsApp answers `https://wa.me/549…?text=…` links (`abierto`); each is logged in the client's history; 404 and nothing sent if a client is unknown",
      }),
      controller.remind,
    );
}
