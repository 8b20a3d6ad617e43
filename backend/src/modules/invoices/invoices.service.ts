import {
  invoiceMessages as m,
  voucherNumber,
  type InvoiceMonthSummary,
  type InvoiceRetryInput,
  type InvoiceState,
  type InvoiceView,
  type InvoicingStatus,
} from '@gym/contracts/invoices';
import { formatDay } from '@gym/contracts/format-dates';
import { minus, ZERO } from '@gym/contracts/money';
import { tucumanToday } from '@gym/contracts/membership-dates';
import type { Clock } from '../../clock';
import { Conflict, NotFound } from '../../shared/errors';
import { UUID } from '../../shared/ids';
import type { AuditRecorder } from '../audit';
import type { IncomeReader } from '../reports';
import { DOC_DNI, receiverOf } from './invoices.outbox';
import type { Invoice, InvoicesRepository } from './invoices.repository';
import type { InvoicingConfig } from './invoices.settings';

/** The certificate's due date is told this long before it. */
const WARN_BEFORE_MS = 7 * 86_400_000;

export const INVOICES_PAGE = 50;

/** ARCA's "punto de venta not enabled for this web service". */
const PTO_VTA_DISABLED = 11002;

const whatToDo = (inv: Invoice): string | null =>
  inv.state === 'rechazada'
    ? inv.arcaErrors?.some((e) => e.code === PTO_VTA_DISABLED)
      ? m.whatToDo.ptoVtaDisabled
      : m.whatToDo.rejected
    : inv.state === 'pendiente'
      ? m.whatToDo.waiting
      : inv.state === 'sin_factura'
        ? m.whatToDo.noInvoice
        : null;

export function toInvoiceView(inv: Invoice): InvoiceView {
  return {
    id: inv.id,
    tipo: inv.cbteTipo === 11 ? 'Factura C' : 'Nota de Crédito C',
    cbteTipo: inv.cbteTipo,
    numero: inv.state === 'autorizada' && inv.number ? voucherNumber(inv.ptoVta, inv.number) : null,
    estado: inv.state,
    detalle: inv.detalle,
    totalCentavos: inv.totalCentavos,
    fecha: inv.state === 'autorizada' ? inv.date : null,
    cae: inv.cae,
    caeVence: inv.caeDueDate,
    mensajeArca:
      inv.state === 'autorizada' || !inv.arcaErrors?.length
        ? null
        : inv.arcaErrors.map((e) => (e.code ? `(${e.code}) ${e.msg}` : e.msg)).join(' '),
    queHacer: whatToDo(inv),
    intentos: inv.attempts,
    receptor: { dni: inv.docTipo === DOC_DNI ? inv.docNro : null, condicionIvaReceptor: inv.condicionIvaReceptor },
    pagoId: inv.membershipPaymentId,
    pedidoId: inv.orderId,
    facturaAsociadaId: inv.associatedInvoiceId,
    creadaAt: inv.createdAt.toISOString(),
  };
}

/** The month after 'aaaa-mm', as 'aaaa-mm'. */
const nextMonth = (mes: string) => {
  const [y, mo] = mes.split('-').map(Number) as [number, number];
  return mo === 12 ? `${y + 1}-01` : `${y}-${String(mo + 1).padStart(2, '0')}`;
};

/** What staff read and do on the Facturas screen (issue 44): the list by state, a retry, the month. */
export function createInvoicesService(deps: {
  repo: InvoicesRepository;
  clock: Clock;
  audit: AuditRecorder;
  income: IncomeReader;
  /** config.invoicing: undefined while invoicing is off. */
  settings?: InvoicingConfig;
}) {
  const { repo, clock, audit, settings } = deps;
  return {
    /** Whether invoicing is on; a week before the certificate ends (and after), what to do about it. */
    status(): InvoicingStatus {
      if (!settings) return { activa: false, cuit: null, puntoDeVenta: null, certificadoVence: null, aviso: null };
      const ends = settings.certExpiresAt;
      const left = ends.getTime() - clock.now().getTime();
      const day = tucumanToday(ends);
      return {
        activa: true,
        cuit: settings.cuit,
        puntoDeVenta: settings.ptoVta,
        certificadoVence: day,
        aviso: left <= 0 ? m.certificateExpired : left <= WARN_BEFORE_MS ? m.certificateEnding(formatDay(day)) : null,
      };
    },

    async list(query: { estado?: InvoiceState; page: number }) {
      const found = await repo.list({
        state: query.estado,
        limit: INVOICES_PAGE,
        offset: (query.page - 1) * INVOICES_PAGE,
      });
      return { facturas: found.items.map(toInvoiceView), total: found.total, page: query.page, limit: INVOICES_PAGE };
    },

    /**
     * A rejected invoice goes back to the queue, its receiver corrected first where staff say so
     * (the DNI, RG 5616's condition): the job asks ARCA again. The correction is in the audit row.
     */
    async retry(id: string, fix: InvoiceRetryInput = {}): Promise<{ message: string; factura: InvoiceView }> {
      if (!UUID.test(id)) throw new NotFound(m.notFound);
      await repo.transaction(async (trx) => {
        const inv = await repo.find(id, trx);
        if (!inv) throw new NotFound(m.notFound);
        if (!(await repo.requeue(trx, id))) throw new Conflict(m.notRejected);
        const receiver = {
          ...(fix.dni !== undefined && receiverOf(fix.dni)),
          ...(fix.condicionIvaReceptor !== undefined && { condicion_iva_receptor: fix.condicionIvaReceptor }),
        };
        if (Object.keys(receiver).length) await repo.update(trx, id, receiver);
        const receptor = (r: { doc_tipo: number; doc_nro: string; condicion_iva_receptor: number }) => ({
          dni: r.doc_tipo === DOC_DNI ? r.doc_nro : null,
          condicionIva: r.condicion_iva_receptor,
        });
        const was = { doc_tipo: inv.docTipo, doc_nro: inv.docNro, condicion_iva_receptor: inv.condicionIvaReceptor };
        const errores = inv.arcaErrors?.map((e) => e.code) ?? [];
        await audit.record(trx, {
          entity: 'factura',
          entityId: id,
          action: 'reintentar',
          before: { estado: inv.state, errores, receptor: receptor(was) },
          after: { estado: 'pendiente', detalle: inv.detalle, receptor: receptor({ ...was, ...receiver }) },
        });
      });
      return { message: m.retried, factura: toInvoiceView((await repo.find(id))!) };
    },

    /** The month's invoiced total next to its income: they agree once every payment is authorised. */
    async summary(mes = tucumanToday(clock.now()).slice(0, 7)): Promise<InvoiceMonthSummary> {
      const to = nextMonth(mes);
      const totals = await repo.monthTotals(
        { from: `${mes}-01`, to: `${to}-01` },
        // Tucumán is UTC−3 all year: its month starts at 03:00 UTC.
        { from: new Date(`${mes}-01T00:00:00-03:00`), to: new Date(`${to}-01T00:00:00-03:00`) },
      );
      const [income] = await deps.income.months([mes]);
      const facturado = minus(totals.facturas, totals.notas);
      const ingresos = income?.totalCentavos ?? ZERO;
      return {
        mes,
        facturadoCentavos: facturado,
        facturasCentavos: totals.facturas,
        notasCreditoCentavos: totals.notas,
        pendienteCentavos: totals.pendientes,
        ingresosCentavos: ingresos,
        diferenciaCentavos: minus(ingresos, facturado),
      };
    },
  };
}

export type InvoicesService = ReturnType<typeof createInvoicesService>;
