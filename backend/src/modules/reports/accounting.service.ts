import { once } from 'node:events';
import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import {
  ACCOUNTING_HEADER,
  addIncome,
  docTipoLabel,
  LIBRO_IVA_HEADER,
  libroIvaTexts,
  CLOSING_METHODS,
  emptyIncome,
  methodTotal,
  type AccountingFormat,
  type ClosingMethod,
} from '@gym/contracts/reports';
import { addMonths, formatDate, tucumanDayStart } from '@gym/contracts/membership-dates';
import { paymentMethodLabels } from '@gym/contracts/memberships';
import { minus, plus, ZERO, type Centavos } from '@gym/contracts/money';
import { toCsv } from '../../shared/csv';
import type { AccountingLine, AccountingRepository } from './accounting.repository';
import type { IncomeService } from './income.service';

const STATE = (l: AccountingLine) => (l.vigente ? 'vigente' : 'anulado');
const methodLabel = (m: string) => paymentMethodLabels[m as ClosingMethod] ?? m;
/** A line's Factura C: Tipo, Punto de venta, Número, CAE; empty cells while it has none. */
const INVOICE = ({ factura: f }: AccountingLine) => (f ? [f.tipo, f.puntoDeVenta, f.numero, f.cae] : ['', '', '', '']);

/** Centavos as the es-AR spreadsheet reads a number: "12500,50", "-3,05". From integers, never floats. */
export function centavosText(c: number): string {
  const sign = c < 0 ? '-' : '';
  const abs = Math.abs(c);
  return `${sign}${Math.trunc(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}

/** What the accountant asks for: a month ('aaaa-mm') or a year ('aaaa'), in CSV or XLSX (or a month's Libro IVA). */
export type AccountingQuery = { mes: string; formato: AccountingFormat } | { anio: string; formato: AccountingFormat };

/** What to export: a month ('aaaa-mm') or a year ('aaaa'), its bounds in Tucumán, and the format. */
interface Period {
  periodo: string;
  año: boolean;
  /** Its months, 'aaaa-mm'. */
  meses: string[];
  formato: AccountingFormat;
  from: Date;
  to: Date;
  /** Its days, 'aaaa-mm-dd', the last excluded: what a voucher's date is compared with. */
  days: { from: string; to: string };
}

/** Rows written to the CSV at once: fewer, larger writes. */
const CSV_BATCH = 500;

// One style object per kind of cell, shared by every row: exceljs registers a style by the object's
// identity, so a shared one is looked up once (a column's numFmt copies it per cell, and registering
// each copy took half the time of a year's export).
const DAY = { numFmt: 'dd/mm/yyyy' };
const AMOUNT = { numFmt: '#,##0.00' };
const PLAIN = {};
const CELL_STYLES: Record<number, Partial<ExcelJS.Style>> = { 1: DAY, 6: AMOUNT };

async function write(out: Writable, chunk: string) {
  if (!out.write(chunk)) await once(out, 'drain');
}

/**
 * The accountant's month (issue 30, part 3): every membership payment and every shop order paid
 * in that month in Tucumán, with date, receipt, who, concept, method and amount, then the totals
 * by method of what stands (voided payments and cancelled orders are listed, not counted).
 * Written as it is read, in CSV (the desk's: BOM, ';', CRLF, dd/mm/aaaa) or XLSX.
 */
export function createAccountingService(repo: AccountingRepository, incomeOf: IncomeService) {
  /** A month ('aaaa-mm') or a year ('aaaa', the accountant's year-end), bounded in Tucumán. */
  function period(q: AccountingQuery): Period {
    const { formato } = q;
    if ('anio' in q) {
      const first = `${q.anio}-01-01`;
      return {
        periodo: q.anio,
        año: true,
        meses: Array.from({ length: 12 }, (_, i) => addMonths(first, i).slice(0, 7)),
        formato,
        from: tucumanDayStart(first),
        to: tucumanDayStart(addMonths(first, 12)),
        days: { from: first, to: addMonths(first, 12) },
      };
    }
    const first = `${q.mes}-01`;
    return {
      periodo: q.mes,
      año: false,
      meses: [q.mes],
      formato,
      from: tucumanDayStart(first),
      to: tucumanDayStart(addMonths(first, 1)),
      days: { from: first, to: addMonths(first, 1) },
    };
  }

  async function* lines(from: Date, to: Date) {
    yield* repo.payments(from, to);
    yield* repo.orders(from, to);
  }

  /**
   * The period's totals by method, by source (cuotas, tienda) and in all, from the one income
   * function the panel and Reportes read: the lines above add up to them (voided payments and
   * cancelled orders are listed, not counted).
   */
  async function totals({ meses, año }: Period) {
    const income = (await incomeOf.months(meses)).reduce(addIncome, emptyIncome());
    return [
      ...CLOSING_METHODS.map((method) => ({
        // "Total efectivo", but "Total Mercado Pago": a name keeps its capitals.
        label: `Total ${method === 'mercadopago' ? methodLabel(method) : methodLabel(method).toLowerCase()}`,
        monto: methodTotal(income, method),
      })),
      { label: 'Total cuotas', monto: income.cuotasCentavos },
      { label: 'Total tienda', monto: income.tiendaCentavos },
      { label: año ? 'Total del año' : 'Total del mes', monto: income.totalCentavos },
    ];
  }

  async function csv(period: Period, out: Writable) {
    const { from, to } = period;
    await write(out, toCsv([[...ACCOUNTING_HEADER]]));
    let rows: string[][] = [];
    // toCsv opens with a BOM: one per file, so each batch of rows is written without it.
    const flush = async () => {
      if (rows.length) await write(out, toCsv(rows).slice(1));
      rows = [];
    };
    for await (const l of lines(from, to)) {
      rows.push([
        formatDate(l.dia),
        l.comprobante,
        l.quien,
        l.concepto,
        methodLabel(l.metodo),
        centavosText(l.monto),
        STATE(l),
        ...INVOICE(l),
      ]);
      if (rows.length === CSV_BATCH) await flush();
    }
    await flush();
    const summary = (await totals(period)).map((t) => [
      '',
      '',
      '',
      t.label,
      '',
      centavosText(t.monto),
      ...Array<string>(ACCOUNTING_HEADER.length - 6).fill(''),
    ]);
    await write(out, toCsv([[], ...summary]).slice(1));
    out.end();
  }

  async function xlsx(period: Period, out: Writable) {
    const { periodo, from, to, año } = period;
    // Fast compression: a year's file is a few MB either way, and the default level costs a tenth of the time.
    const book = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: out,
      useStyles: true,
      useSharedStrings: false,
      zip: { zlib: { level: 1 } },
    });
    const sheet = book.addWorksheet(`${año ? 'Año' : 'Mes'} ${periodo}`);
    const widths = [12, 16, 32, 30, 16, 14, 10, 12, 14, 12, 16];
    sheet.columns = ACCOUNTING_HEADER.map((header, i) => ({ header, width: widths[i] }));
    sheet.getRow(1).font = { bold: true };
    for await (const l of lines(from, to)) {
      const row = sheet.addRow([
        new Date(`${l.dia}T00:00:00Z`),
        l.comprobante,
        l.quien,
        l.concepto,
        methodLabel(l.metodo),
        l.monto / 100,
        STATE(l),
        // Empty cells, not empty texts, while the line has no invoice.
        ...INVOICE(l).map((v) => v || null),
      ]);
      row.eachCell((cell, column) => (cell.style = CELL_STYLES[column] ?? PLAIN));
      row.commit();
    }
    sheet.addRow([]).commit();
    for (const t of await totals(period)) {
      const row = sheet.addRow([null, null, null, t.label, null, t.monto / 100, null]);
      row.font = { bold: true };
      row.getCell(6).numFmt = AMOUNT.numFmt;
      row.commit();
    }
    sheet.commit();
    await book.commit();
  }

  /**
   * The month's "Libro IVA Ventas" (issue 44): every voucher ARCA authorised, by its date, then the
   * totals of facturas, of notas de crédito and the net, and the monotributo's note (C vouchers
   * carry no IVA). CSV as the export's.
   */
  async function libroIva({ days }: Period, out: Writable) {
    await write(out, toCsv([[...LIBRO_IVA_HEADER]]));
    let rows: string[][] = [];
    const flush = async () => {
      if (rows.length) await write(out, toCsv(rows).slice(1));
      rows = [];
    };
    let facturas: Centavos = ZERO;
    let notas: Centavos = ZERO;
    for await (const v of repo.libroIvaVentas(days.from, days.to)) {
      if (v.codigo === 11) facturas = plus(facturas, v.totalCentavos);
      else notas = plus(notas, v.totalCentavos);
      rows.push([
        formatDate(v.fecha),
        v.tipo,
        String(v.codigo),
        v.puntoDeVenta,
        v.numero,
        docTipoLabel(v.docTipo),
        v.docNro,
        centavosText(v.totalCentavos),
        v.cae,
        v.caeVence && formatDate(v.caeVence),
      ]);
      if (rows.length === CSV_BATCH) await flush();
    }
    await flush();
    const total = (label: string, c: Centavos) => [label, '', '', '', '', '', '', centavosText(c), '', ''];
    await write(
      out,
      toCsv([
        [],
        total(libroIvaTexts.facturas, facturas),
        total(libroIvaTexts.notas, notas),
        total(libroIvaTexts.neto, minus(facturas, notas)),
        [],
        [libroIvaTexts.monotributo],
      ]).slice(1),
    );
    out.end();
  }

  return {
    period,
    /** Writes the month or year to `out` (ended when done) in the format asked for. */
    async write(q: Period, out: Writable) {
      if (q.formato === 'xlsx') await xlsx(q, out);
      else if (q.formato === 'libro-iva') await libroIva(q, out);
      else await csv(q, out);
    },
  };
}

export type AccountingService = ReturnType<typeof createAccountingService>;
