import type { Logger } from 'pino';
import { formatMoney } from '@gym/contracts/format-money';
import { addDays, formatDate, isIsoDate, tucumanToday } from '@gym/contracts/membership-dates';
import { centavos, plus, ZERO, type Centavos } from '@gym/contracts/money';
import {
  DEFAULT_ROUNDING_CENTAVOS,
  EXCLUSION_REASONS,
  PRICE_CHANGE_CATEGORIES,
  PRICE_CHANGE_KINDS,
  priceCategoryLabels,
  pricingMessages as m,
  type ExcludedMember,
  type IpcReport,
  type IpcView,
  type PriceChangeInput,
  type PriceChangeKind,
  type PriceChangeView,
  type PriceNoticeView,
  type PricePlanItem,
  type PricePreview,
  type PriceProductItem,
  type PreviewMember,
} from '@gym/contracts/pricing';
import type { Clock } from '../../clock';
import { Conflict, NotFound, ServiceUnavailable, ValidationFailed } from '../../shared/errors';
import { firstName, UUID } from '../../shared/ids';
import type { QueuedMailer } from '../../shared/mail-retry';
import { hasPgCode } from '../../shared/pg-error';
import { currentContext } from '../../shared/request-context';
import type { AuditRecorder } from '../audit';
import type { ClientReads } from '../clients';
import type { PlanFeeWriter, PlanReads } from '../plans';
import type { MessagingService, QueueOutcome } from '../messaging';
import type { PricedProduct, ProductPriceReads, ProductPriceWriter } from '../products';
import type { IncomeReader } from '../reports';
import { parseIpcCsv, type IpcPoint } from './ipc.source';
import type { PricingSettings } from './pricing.settings';
import type { PriceChange, PriceChangeItem, PricingRepository } from './pricing.repository';

/** Days after a change whose bajas Reportes shows beside it. */
const BAJAS_WINDOW_DAYS = 60;
/** Months of income Reportes deflates. */
const REPORT_MONTHS = 12;
/** Products the preview shows as examples of a category's new prices. */
const PRODUCT_EXAMPLES = 5;
/** The shop's lowest price ($ 1): a product's price never goes below it. */
const PRODUCT_MIN_CENTAVOS = 100;

interface Plan {
  idPlan: number;
  nombrePlan: string;
  fee: Centavos;
}

/** What a change would do: its plans' new fees and every member it touches or leaves out. */
interface Computed {
  fecha: string;
  kind: PriceChangeKind;
  value: number;
  rounding: number;
  ipcMonth: string | null;
  percentage: number | null;
  items: (PricePlanItem & { oldFee: Centavos; newFee: Centavos })[];
  categorias: string[];
  products: PriceProductItem[];
}

const categoryLabel = (categoria: string) =>
  (priceCategoryLabels as Record<string, string | undefined>)[categoria] ?? categoria;

const round2 = (n: number) => Math.round(n * 100) / 100;

/** The new fee: an amount as typed; a percentage rounded to the gym's step. */
function newFeeOf(old: Centavos, kind: PriceChangeKind, value: number, percentage: number | null, step: number) {
  if (kind === 'monto') return value;
  return Math.round((old * (1 + (percentage ?? 0) / 100)) / step) * step;
}

/**
 * Scheduled price changes (issue 47): previewed, scheduled, edited or cancelled until members are
 * told, then only postponed; told AVISO_PRECIO_DIAS days before by e-mail and the portal's banner;
 * applied on the date to the plan's fee (through the plans module) and the automatic debits'
 * amount (through payments). The IPC series is read by a job from the national API or the shipped CSV.
 */
export function createPricingService(deps: {
  repo: PricingRepository;
  plans: PlanReads;
  planFees: PlanFeeWriter;
  clients: ClientReads;
  income: IncomeReader;
  audit: AuditRecorder;
  mailer: QueuedMailer;
  clock: Clock;
  logger: Logger;
  settings: PricingSettings;
  siteUrl: string;
  /** Sets the open debits of a plan to a new amount at the provider and here. */
  repriceDebits: (idPlan: number, amount: Centavos) => Promise<{ cambiados: number; errores: number }>;
  /** The shop's products of some categories: read for the preview, repriced on the date. */
  productPrices: ProductPriceReads;
  productPriceWriter: ProductPriceWriter;
  /** The WhatsApp outbox (messaging): notices go by WhatsApp to members who opted in. */
  whatsapp?: Pick<MessagingService, 'queueWhatsappMany'>;
  /** Reads the IPC API; the CSV text is the fallback. */
  fetchIpc: (url: string) => Promise<IpcPoint[]>;
  fallbackCsv: () => string;
}) {
  const { repo, clock, settings, logger } = deps;
  const today = () => tucumanToday(clock.now());

  async function lastIpc(): Promise<IpcView | undefined> {
    const [last, before] = await repo.lastIpc(2);
    if (!last) return undefined;
    return {
      mes: last.month.slice(0, 7),
      valor: last.value,
      variacionMensual: before ? round2((last.value / before.value - 1) * 100) : null,
      fuente: last.source,
      leidoEn: last.fetchedAt.toISOString(),
    };
  }

  async function plansOf(ids: number[]): Promise<Plan[]> {
    const found = await deps.plans.byIds(ids);
    if (found.length !== new Set(ids).size) throw new ValidationFailed(m.unknownPlan, { planes: m.unknownPlan });
    return found
      .map((p) => ({ idPlan: p.idPlan, nombrePlan: p.nombrePlan, fee: p.cuotaMensualCentavos }))
      .sort((a, b) => a.idPlan - b.idPlan);
  }

  /** Every rule of the input, in order; the first broken one is a 400 (or 409) and nothing changes. */
  async function compute(input: PriceChangeInput, except?: string): Promise<Computed> {
    const fecha = input.fecha;
    if (!isIsoDate(fecha)) throw new ValidationFailed(m.invalidDate, { fecha: m.invalidDate });
    const now = today();
    if (fecha <= now) throw new ValidationFailed(m.dateInPast, { fecha: m.dateInPast });
    const earliest = addDays(now, settings.noticeDays);
    if (fecha < earliest) {
      const text = m.dateTooSoon(settings.noticeDays, formatDate(earliest));
      throw new ValidationFailed(text, { fecha: text });
    }
    if (!(PRICE_CHANGE_KINDS as readonly string[]).includes(input.tipo))
      throw new ValidationFailed(m.invalidKind, { tipo: m.invalidKind });
    const kind = input.tipo;
    const rounding = input.redondeoCentavos ?? DEFAULT_ROUNDING_CENTAVOS;
    if (!Number.isInteger(rounding) || rounding < 1 || rounding > 10_000_000)
      throw new ValidationFailed(m.invalidRounding, { redondeoCentavos: m.invalidRounding });
    let value = 0;
    if (kind === 'monto') {
      value = Number(input.valor);
      if (!Number.isSafeInteger(value) || value <= 0)
        throw new ValidationFailed(m.invalidAmount, { valor: m.invalidAmount });
    } else if (kind === 'porcentaje') {
      value = Number(input.valor);
      if (typeof input.valor !== 'number' || !Number.isFinite(value) || value === 0)
        throw new ValidationFailed(m.invalidValue, { valor: m.invalidValue });
    }
    const ids = Array.isArray(input.planes) ? input.planes : [];
    const categorias = Array.isArray(input.categorias) ? [...new Set(input.categorias)].sort() : [];
    if ((ids.length === 0 && categorias.length === 0) || !ids.every((id) => Number.isInteger(id)))
      throw new ValidationFailed(m.noPlans, { planes: m.noPlans });
    if (!categorias.every((c) => (PRICE_CHANGE_CATEGORIES as readonly unknown[]).includes(c)))
      throw new ValidationFailed(m.unknownCategory, { categorias: m.unknownCategory });
    if (categorias.length > 0 && kind === 'monto')
      throw new ValidationFailed(m.amountForCategories, { categorias: m.amountForCategories });
    const plans = ids.length > 0 ? await plansOf(ids) : [];
    if (kind === 'porcentaje' && value > 100 && input.confirmado !== true)
      throw new ValidationFailed(m.percentageNeedsConfirmation, { confirmado: m.percentageNeedsConfirmation });
    let percentage: number | null = kind === 'porcentaje' ? value : null;
    let ipcMonth: string | null = null;
    if (kind === 'ipc') {
      const ipc = await lastIpc();
      // Nothing guessed: without the series the change waits until it can be read.
      if (!ipc || ipc.variacionMensual === null) throw new Conflict(m.noIpc);
      percentage = ipc.variacionMensual;
      value = ipc.variacionMensual;
      ipcMonth = `${ipc.mes}-01`;
    }
    const items = plans.map((p) => {
      const newFee = newFeeOf(p.fee, kind, value, percentage, rounding);
      if (!(newFee > 0))
        throw new ValidationFailed(m.resultNotPositive(p.nombrePlan), { valor: m.resultNotPositive(p.nombrePlan) });
      return {
        idPlan: p.idPlan,
        nombrePlan: p.nombrePlan,
        cuotaActualCentavos: p.fee,
        cuotaNuevaCentavos: centavos(newFee),
        oldFee: p.fee,
        newFee: centavos(newFee),
      };
    });
    const products: PriceProductItem[] = [];
    for (const p of await deps.productPrices.inCategories(categorias)) {
      const price = productPriceOf(p, percentage ?? 0, rounding);
      if (price === undefined)
        throw new ValidationFailed(m.productTooLow(p.nombre), { valor: m.productTooLow(p.nombre) });
      products.push({ id: p.id, nombre: p.nombre, precioActualCentavos: p.precioCentavos, precioNuevoCentavos: price });
    }
    const taken = ids.length > 0 ? await repo.planTakenOn(ids, fecha, except) : undefined;
    if (taken !== undefined) {
      const name = plans.find((p) => p.idPlan === taken)?.nombrePlan ?? String(taken);
      throw new Conflict(m.sameDate(name, formatDate(fecha)), { fecha: m.sameDate(name, formatDate(fecha)) });
    }
    await refuseTakenCategory(categorias, fecha, except);
    return { fecha, kind, value, rounding, ipcMonth, percentage, items, categorias, products };
  }

  /** A category changes once a day: another live change of it that date is a 409. */
  async function refuseTakenCategory(categorias: readonly string[], fecha: string, except?: string) {
    const taken = await repo.categoryTakenOn(categorias, fecha, except);
    if (taken === undefined) return;
    const text = m.categorySameDate(categoryLabel(taken), formatDate(fecha));
    throw new Conflict(text, { fecha: text });
  }

  /** A product's new price, rounded the change's way; undefined below the shop's lowest price. */
  function productPriceOf(p: PricedProduct, percentage: number, rounding: number): Centavos | undefined {
    const price = newFeeOf(p.precioCentavos, 'porcentaje', percentage, percentage, rounding);
    return price >= PRODUCT_MIN_CENTAVOS ? centavos(price) : undefined;
  }

  /** The members a change touches, and those it leaves out with the reason. */
  async function membersOf(c: { fecha: string; items: { idPlan: number; oldFee: Centavos; newFee: Centavos }[] }) {
    const byPlan = new Map(c.items.map((i) => [i.idPlan, i]));
    type Contact = { correo: string; celular: number | string };
    const afectados: (PreviewMember & Contact)[] = [];
    const excluidos: (ExcludedMember & Contact)[] = [];
    for (const member of await repo.members([...byPlan.keys()])) {
      const item = byPlan.get(member.idPlan)!;
      const row = {
        idUsuario: member.idUsuario,
        nombre: member.nombre,
        correo: member.correo,
        celular: member.celular,
        idPlan: member.idPlan,
        cuotaActualCentavos: item.oldFee,
        cuotaNuevaCentavos: item.newFee,
        pagadoHasta: member.paidUntil,
      };
      const motivo = member.archived
        ? ('archivado' as const)
        : member.paused
          ? ('pausa' as const)
          : member.paidUntil !== null && member.paidUntil >= c.fecha
            ? ('prepago' as const)
            : undefined;
      if (motivo) excluidos.push({ ...row, motivo, motivoTexto: EXCLUSION_REASONS[motivo] });
      else afectados.push(row);
    }
    return { afectados, excluidos };
  }

  async function preview(input: PriceChangeInput, except?: string): Promise<PricePreview> {
    const c = await compute(input, except);
    const { afectados, excluidos } = await membersOf(c);
    const prepaid = excluidos.filter((e) => e.motivo === 'prepago');
    const before = [...afectados, ...prepaid].reduce((sum, a) => plus(sum, a.cuotaActualCentavos), ZERO);
    const after = prepaid.reduce(
      (sum, a) => plus(sum, a.cuotaActualCentavos),
      afectados.reduce((sum, a) => plus(sum, a.cuotaNuevaCentavos), ZERO),
    );
    const strip = <T extends { correo: string; celular: number | string }>({
      correo: _correo,
      celular: _celular,
      ...rest
    }: T) => rest;
    return {
      fecha: c.fecha,
      tipo: c.kind,
      porcentaje: c.percentage,
      mesIpc: c.ipcMonth?.slice(0, 7) ?? null,
      planes: c.items.map(({ idPlan, nombrePlan, cuotaActualCentavos, cuotaNuevaCentavos }) => ({
        idPlan,
        nombrePlan,
        cuotaActualCentavos,
        cuotaNuevaCentavos,
      })),
      afectados: afectados.map(strip),
      excluidos: excluidos.map(strip),
      ingresoMensualAntesCentavos: before,
      ingresoMensualDespuesCentavos: after,
      productos: {
        categorias: c.categorias,
        cantidad: c.products.length,
        ejemplos: c.products.slice(0, PRODUCT_EXAMPLES),
      },
    };
  }

  async function view(change: PriceChange, items?: PriceChangeItem[], categorias?: string[]): Promise<PriceChangeView> {
    const list = items ?? (await repo.itemsOf([change.id]));
    const cats = categorias ?? (await repo.categoriesOf([change.id])).get(change.id) ?? [];
    const names = new Map((await deps.plans.byIds(list.map((i) => i.idPlan))).map((p) => [p.idPlan, p.nombrePlan]));
    return {
      id: change.id,
      fecha: change.effectiveDate,
      tipo: change.kind,
      valor: change.value,
      mesIpc: change.ipcMonth?.slice(0, 7) ?? null,
      redondeoCentavos: change.rounding,
      estado: change.status,
      avisoEnviadoEn: change.noticeSentAt?.toISOString() ?? null,
      aplicadoEn: change.appliedAt?.toISOString() ?? null,
      planes: list.map((i) => ({
        idPlan: i.idPlan,
        nombrePlan: names.get(i.idPlan) ?? String(i.idPlan),
        cuotaActualCentavos: i.oldFee,
        cuotaNuevaCentavos: i.newFee,
      })),
      categorias: cats,
      createdAt: change.createdAt.toISOString(),
    };
  }

  async function find(id: string): Promise<PriceChange> {
    const change = UUID.test(id) ? await repo.find(repo.reader, id) : undefined;
    if (!change) throw new NotFound(m.notFound);
    return change;
  }

  const auditOf = (
    c: { effectiveDate: string; kind: string; value: number },
    items: { idPlan: number; newFee: number }[],
    categorias: readonly string[] = [],
  ) => ({
    fecha: c.effectiveDate,
    tipo: c.kind,
    valor: c.value,
    planes: items.map((i) => i.idPlan).join(', '),
    cuotasNuevas: Object.fromEntries(items.map((i) => [String(i.idPlan), i.newFee])),
    ...(categorias.length > 0 ? { categorias: categorias.join(', ') } : {}),
  });

  /** The e-mail of a notice: the old and the new fee, the date; a prepaid member keeps their months. */
  function noticeText(nombre: string, plan: string, item: PriceChangeItem, fecha: string, prepaidUntil?: string) {
    return (
      `Hola ${firstName(nombre)}: te avisamos que desde el ${formatDate(fecha)} la cuota mensual de tu plan ` +
      `${plan} pasa de ${formatMoney(item.oldFee)} a ${formatMoney(item.newFee)}.` +
      (prepaidUntil
        ? ` Los meses que ya pagaste (hasta el ${formatDate(prepaidUntil)}) quedan pagos al precio anterior.`
        : '') +
      ` Podés ver tu cuenta en ${deps.siteUrl}/socio\n\nGracias por entrenar con nosotros.`
    );
  }

  /** Tells every member of the change's plans (not paused nor archived) and marks it told. */
  async function sendNotices(change: PriceChange): Promise<number> {
    const items = await repo.itemsOf([change.id]);
    const names = new Map((await deps.plans.byIds(items.map((i) => i.idPlan))).map((p) => [p.idPlan, p.nombrePlan]));
    const { afectados, excluidos } = await membersOf({ fecha: change.effectiveDate, items });
    const told = [
      ...afectados.map((a) => ({ ...a, prepaid: undefined as string | undefined })),
      ...excluidos.filter((e) => e.motivo === 'prepago').map((e) => ({ ...e, prepaid: e.pagadoHasta ?? undefined })),
    ];
    const byPlan = new Map(items.map((i) => [i.idPlan, i]));
    const planOf = (member: (typeof told)[number]) => names.get(member.idPlan) ?? String(member.idPlan);
    // Those who accepted WhatsApp get the template (which falls back to e-mail itself), all at once.
    const byWhatsapp =
      (await deps.whatsapp?.queueWhatsappMany(
        told.map((member) => {
          const item = byPlan.get(member.idPlan)!;
          return {
            clientId: member.idUsuario,
            celular: member.celular,
            template: 'aumento_de_cuota' as const,
            params: [
              firstName(member.nombre),
              planOf(member),
              formatMoney(item.oldFee),
              formatMoney(item.newFee),
              formatDate(change.effectiveDate),
            ],
            key: `aumento_de_cuota:${change.id}:${member.idUsuario}`,
          };
        }),
      )) ?? new Map<string, QueueOutcome>();
    // The e-mails and the change's new state in one transaction: every notice is queued (the outbox
    // sends them after the answer) and the change is `avisado`, or neither. Each mail's key holds the
    // date, so a postponed change tells its members again, once.
    const byMail = told.filter((member) => {
      // Told again of a postponed date, the template was already queued once for this change: the
      // new date goes by e-mail.
      const outcome = byWhatsapp.get(member.idUsuario);
      return !(outcome?.queued && !outcome.duplicate);
    });
    await repo.transaction(async (trx) => {
      for (const member of byMail) {
        const item = byPlan.get(member.idPlan)!;
        await deps.mailer.send(
          {
            to: { name: member.nombre, address: member.correo },
            subject: m.noticeSubject,
            text: noticeText(member.nombre, planOf(member), item, change.effectiveDate, member.prepaid),
          },
          { trx, key: `aumento_de_cuota:${change.id}:${change.effectiveDate}:${member.idUsuario}` },
        );
      }
      await repo.updateChange(trx, change.id, { status: 'avisado', noticeSentAt: clock.now() }, clock.now());
    });
    return told.length;
  }

  /** Two changes raced onto the same date: the plan (or category) the unique index refused. */
  const sameDateOf = (c: Computed) =>
    c.items[0]
      ? m.sameDate(c.items[0].nombrePlan, formatDate(c.fecha))
      : m.categorySameDate(categoryLabel(c.categorias[0] ?? ''), formatDate(c.fecha));

  /** A change enters its notice period AVISO_PRECIO_DIAS days before its date. */
  const noticeDue = (change: PriceChange) => addDays(today(), settings.noticeDays) >= change.effectiveDate;

  return {
    lastIpc,

    /** GET /v1/precios/ipc: the last value; without one the owner is told and IPC changes wait. */
    async ipc(): Promise<IpcView> {
      const ipc = await lastIpc();
      if (!ipc) throw new Conflict(m.noIpc);
      return ipc;
    },

    /** The `leer-ipc` job: the API, else the shipped CSV; neither, an error the job records. */
    async readIpc(): Promise<{ fuente: 'api' | 'csv'; meses: number; error?: string }> {
      try {
        const points = await deps.fetchIpc(settings.ipcApiUrl);
        return { fuente: 'api', meses: await repo.saveIpc(points, 'api', clock.now()) };
      } catch (err) {
        logger.warn(
          { err: String(err) },
          'IPC API could not be read: IPC_CSV (or, outside production, the stand-in) is read instead',
        );
        let points: IpcPoint[] = [];
        try {
          points = parseIpcCsv(deps.fallbackCsv());
        } catch (csvErr) {
          logger.warn({ err: String(csvErr) }, 'IPC CSV could not be read');
        }
        if (points.length === 0) throw new ServiceUnavailable(m.noIpc);
        return { fuente: 'csv', meses: await repo.saveIpc(points, 'csv', clock.now()) };
      }
    },

    preview: (input: PriceChangeInput) => preview(input),

    async list(): Promise<PriceChangeView[]> {
      const changes = await repo.list();
      const items = await repo.itemsOf(changes.map((c) => c.id));
      const categorias = await repo.categoriesOf(changes.map((c) => c.id));
      return Promise.all(
        changes.map((c) =>
          view(
            c,
            items.filter((i) => i.changeId === c.id),
            categorias.get(c.id) ?? [],
          ),
        ),
      );
    },

    get: async (id: string) => view(await find(id)),

    /** Scheduled, audited; told at once when its date is AVISO_PRECIO_DIAS days away or less. */
    async create(input: PriceChangeInput): Promise<PriceChangeView> {
      const c = await compute(input);
      const actor = currentContext().actor?.email ?? null;
      let change: PriceChange;
      try {
        change = await repo.transaction(async (trx) => {
          const created = await repo.insertChange(
            trx,
            {
              effectiveDate: c.fecha,
              kind: c.kind,
              value: c.value,
              ipcMonth: c.ipcMonth,
              rounding: c.rounding,
              createdBy: actor,
            },
            c.items.map((i) => ({ changeId: '', idPlan: i.idPlan, oldFee: i.oldFee, newFee: i.newFee })),
            clock.now(),
            c.categorias,
          );
          await deps.audit.record(trx, {
            entity: 'cambio_precio',
            entityId: created.id,
            action: 'programar',
            after: auditOf(created, c.items, c.categorias),
          });
          return created;
        });
      } catch (err) {
        if (hasPgCode(err, '23505')) throw new Conflict(sameDateOf(c));
        throw err;
      }
      if (noticeDue(change)) await sendNotices(change);
      return view((await repo.find(repo.reader, change.id))!);
    },

    /** Only before members are told. */
    async update(id: string, input: PriceChangeInput): Promise<PriceChangeView> {
      const current = await find(id);
      if (current.status !== 'programado') throw new Conflict(m.alreadyNoticed);
      const c = await compute(input, id);
      const before = await repo.itemsOf([id]);
      const categoriesBefore = (await repo.categoriesOf([id])).get(id) ?? [];
      try {
        await repo.transaction(async (trx) => {
          const locked = await repo.find(trx, id, true);
          if (locked?.status !== 'programado') throw new Conflict(m.alreadyNoticed);
          const patch = {
            effectiveDate: c.fecha,
            kind: c.kind,
            value: c.value,
            ipcMonth: c.ipcMonth,
            rounding: c.rounding,
          };
          await repo.updateChange(trx, id, patch, clock.now());
          await repo.replaceItems(
            trx,
            id,
            c.fecha,
            c.items.map((i) => ({ changeId: id, idPlan: i.idPlan, oldFee: i.oldFee, newFee: i.newFee })),
          );
          await repo.replaceCategories(trx, id, c.fecha, c.categorias);
          await deps.audit.record(trx, {
            entity: 'cambio_precio',
            entityId: id,
            action: 'editar',
            before: auditOf(current, before, categoriesBefore),
            after: auditOf({ effectiveDate: c.fecha, kind: c.kind, value: c.value }, c.items, c.categorias),
          });
        });
      } catch (err) {
        if (hasPgCode(err, '23505')) throw new Conflict(sameDateOf(c));
        throw err;
      }
      const change = (await repo.find(repo.reader, id))!;
      if (noticeDue(change)) await sendNotices(change);
      return view((await repo.find(repo.reader, id))!);
    },

    /** Only before members are told. */
    async cancel(id: string): Promise<{ message: string }> {
      const current = await find(id);
      if (current.status !== 'programado') throw new Conflict(m.alreadyNoticed);
      await repo.transaction(async (trx) => {
        const locked = await repo.find(trx, id, true);
        if (locked?.status !== 'programado') throw new Conflict(m.alreadyNoticed);
        await repo.updateChange(trx, id, { status: 'cancelado' }, clock.now());
        await deps.audit.record(trx, {
          entity: 'cambio_precio',
          entityId: id,
          action: 'cancelar',
          before: { fecha: current.effectiveDate, estado: current.status },
        });
      });
      return { message: m.cancelled };
    },

    /** To a later date, before it applies; members already told are told the new date. */
    async postpone(id: string, fecha: unknown): Promise<PriceChangeView> {
      const current = await find(id);
      if (current.status !== 'programado' && current.status !== 'avisado') throw new Conflict(m.notPostponable);
      if (!isIsoDate(fecha)) throw new ValidationFailed(m.invalidDate, { fecha: m.invalidDate });
      if (fecha <= current.effectiveDate) throw new ValidationFailed(m.postponeLater, { fecha: m.postponeLater });
      const items = await repo.itemsOf([id]);
      const taken = await repo.planTakenOn(
        items.map((i) => i.idPlan),
        fecha,
        id,
      );
      if (taken !== undefined) {
        const name = (await deps.plans.byId(taken))?.nombrePlan ?? String(taken);
        throw new Conflict(m.sameDate(name, formatDate(fecha)), { fecha: m.sameDate(name, formatDate(fecha)) });
      }
      await refuseTakenCategory((await repo.categoriesOf([id])).get(id) ?? [], fecha, id);
      await repo.transaction(async (trx) => {
        const locked = await repo.find(trx, id, true);
        if (locked?.status !== 'programado' && locked?.status !== 'avisado') throw new Conflict(m.notPostponable);
        await repo.updateChange(trx, id, { effectiveDate: fecha }, clock.now());
        await deps.audit.record(trx, {
          entity: 'cambio_precio',
          entityId: id,
          action: 'posponer',
          before: { fecha: current.effectiveDate },
          after: { fecha },
        });
      });
      const change = (await repo.find(repo.reader, id))!;
      if (change.status === 'avisado') await sendNotices(change);
      return view(change);
    },

    /**
     * The job: notices of changes entering their notice period; changes whose date has come applied
     * to the plan's fee (audited, one transaction each); then the debits' amounts, retried until done.
     */
    async run(): Promise<{ avisados: number; aplicados: number; debitos: number; erroresDebitos: number }> {
      const counts = { avisados: 0, aplicados: 0, debitos: 0, erroresDebitos: 0 };
      for (const change of await repo.toNotify()) if (noticeDue(change)) counts.avisados += await sendNotices(change);
      for (const change of await repo.due(today())) {
        const applied = await repo.transaction(async (trx) => {
          const locked = await repo.find(trx, change.id, true);
          if (locked?.status !== 'avisado') return false;
          const items = await repo.itemsOf([change.id], trx);
          for (const item of items) await deps.planFees.setFee(trx, item.idPlan, item.newFee);
          // The shop's products of its categories, on their price today (one edited since the preview keeps the edit).
          const categorias = (await repo.categoriesOf([change.id], trx)).get(change.id) ?? [];
          let products: { cambiados: number; sinCambio: number } | undefined;
          if (categorias.length > 0) {
            products = await deps.productPriceWriter.reprice(trx, categorias, (p) =>
              productPriceOf(p, change.value, change.rounding),
            );
            await repo.categoriesApplied(trx, change.id, products.cambiados);
          }
          await repo.updateChange(trx, change.id, { status: 'aplicado', appliedAt: clock.now() }, clock.now());
          await deps.audit.record(trx, {
            entity: 'cambio_precio',
            entityId: change.id,
            action: 'aplicar',
            after: {
              ...auditOf(change, items, categorias),
              ...(products ? { productosCambiados: products.cambiados, productosSinCambio: products.sinCambio } : {}),
            },
          });
          return true;
        });
        if (applied) counts.aplicados++;
      }
      for (const change of await repo.debitsPending()) {
        let errors = 0;
        for (const item of await repo.itemsOf([change.id])) {
          const done = await deps.repriceDebits(item.idPlan, item.newFee);
          counts.debitos += done.cambiados;
          errors += done.errores;
        }
        counts.erroresDebitos += errors;
        if (errors === 0)
          await repo.transaction((trx) =>
            repo.updateChange(trx, change.id, { debitsUpdatedAt: clock.now() }, clock.now()),
          );
      }
      return counts;
    },

    /** The portal's banner: told changes of the member's plan still to come. */
    async noticesFor(idUsuario: string): Promise<PriceNoticeView[]> {
      const client = await deps.clients.byId(idUsuario);
      if (!client) return [];
      const plan = await deps.plans.byId(client.plan);
      const now = today();
      return (await repo.noticesForPlan(client.plan))
        .filter((c) => c.effectiveDate > now)
        .map((c) => ({
          id: c.id,
          fecha: c.effectiveDate,
          plan: plan?.nombrePlan ?? String(client.plan),
          cuotaActualCentavos: c.item.oldFee,
          cuotaNuevaCentavos: c.item.newFee,
          texto: `Desde el ${formatDate(c.effectiveDate)} la cuota de tu plan pasa de ${formatMoney(c.item.oldFee)} a ${formatMoney(c.item.newFee)}.`,
        }));
    },

    /** Reportes: income deflated by the IPC (in pesos of the last IPC month), and bajas after each change. */
    async report(): Promise<IpcReport> {
      const now = today();
      const meses = Array.from({ length: REPORT_MONTHS }, (_, i) => {
        const d = new Date(Date.UTC(Number(now.slice(0, 4)), Number(now.slice(5, 7)) - 1 - (REPORT_MONTHS - 1 - i), 1));
        return d.toISOString().slice(0, 7);
      });
      const income = await deps.income.months(meses);
      const ipc = await repo.ipcOf(meses.map((mes) => `${mes}-01`));
      const [last] = await repo.lastIpc(1);
      const base = last?.value;
      const changes = (await repo.list()).filter((c) => c.status === 'aplicado');
      const items = await repo.itemsOf(changes.map((c) => c.id));
      const names = new Map((await deps.plans.all()).map((p) => [p.idPlan, p.nombrePlan]));
      return {
        base: last?.month.slice(0, 7) ?? null,
        meses: income.map((month) => {
          const value = ipc.get(`${month.mes}-01`) ?? null;
          return {
            mes: month.mes,
            ingresoCentavos: month.totalCentavos,
            ingresoRealCentavos: value && base ? centavos(Math.round((month.totalCentavos * base) / value)) : null,
            ipc: value,
          };
        }),
        cambios: await Promise.all(
          changes.map(async (c) => ({
            id: c.id,
            fecha: c.effectiveDate,
            planes: items.filter((i) => i.changeId === c.id).map((i) => names.get(i.idPlan) ?? String(i.idPlan)),
            bajas60Dias: await repo.bajasBetween(c.effectiveDate, addDays(c.effectiveDate, BAJAS_WINDOW_DAYS)),
          })),
        ),
      };
    },
  };
}

export type PricingService = ReturnType<typeof createPricingService>;
