import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { tucumanToday } from '@gym/contracts/membership-dates';
import type { Clock } from '../../clock';
import type { ArcaClient, ArcaVoucher } from './arca';
import type { ArcaMessage, Invoice, InvoicesRepository, Series } from './invoices.repository';
import type { InvoicingConfig } from './invoices.settings';

/** ARCA's "not the next number": someone else numbered meanwhile; ask the last one again. */
const NOT_NEXT = 10016;
const TRIES_ON_NOT_NEXT = 3;
/** A series is held this long per step; a replica that dies lets another take it after. */
const LEASE_MS = 2 * 60_000;
/**
 * Waits after ARCA fails: 10 s, less than the job's 15 s, so every run tries again. A run sends one
 * request per series and stops at the first failure, so a longer wait would spare ARCA nothing and
 * only delay the day's invoices once it is back (`make bench-integrations`: 500 within 2 minutes).
 */
const BACKOFF_MS = 10_000;

export interface AuthoriseCounts {
  autorizadas: number;
  rechazadas: number;
  esperando: number;
  /** What stopped a series: ARCA down, a refused login, a punto de venta not enabled. */
  problemas: string[];
}

type Step = 'next' | 'stop';

/**
 * The outbox's job (issue 44): every pending invoice authorised once, in order, numbered
 * FECompUltimoAutorizado + 1 by the one replica holding its series' lease. The number is saved
 * before FECAESolicitar goes out: if ARCA does not answer, the next run first asks FECompConsultar
 * for that number, so an invoice ARCA accepted is recorded and never sent twice, and none is skipped.
 */
export function createAuthoriser(deps: {
  repo: InvoicesRepository;
  arca: ArcaClient;
  clock: Clock;
  logger: Logger;
  settings: InvoicingConfig;
}) {
  const { repo, arca, clock, settings } = deps;
  const db = repo.reader;
  const today = () => tucumanToday(clock.now());

  async function voucher(inv: Invoice, number: number, date: string): Promise<ArcaVoucher> {
    const services = inv.concepto !== 1 && {
      serviceFrom: inv.serviceFrom!,
      serviceTo: inv.serviceTo!,
      paymentDue: inv.paymentDue && inv.paymentDue > date ? inv.paymentDue : date,
    };
    const original = inv.associatedInvoiceId ? await repo.find(inv.associatedInvoiceId) : undefined;
    return {
      ptoVta: inv.ptoVta,
      cbteTipo: inv.cbteTipo,
      concepto: inv.concepto,
      docTipo: inv.docTipo,
      docNro: inv.docNro,
      number,
      date,
      totalCentavos: inv.totalCentavos,
      condicionIvaReceptorId: inv.condicionIvaReceptor,
      ...services,
      ...(original && {
        associated: [
          {
            cbteTipo: original.cbteTipo,
            ptoVta: original.ptoVta,
            number: original.number!,
            cuit: settings.cuit,
            date: original.date!,
          },
        ],
      }),
    };
  }

  /** ARCA is down or refused us: the invoice waits (its number, if any, kept to be asked about first). */
  async function postpone(inv: Invoice, err: unknown, counts: AuthoriseCounts): Promise<Step> {
    const attempts = inv.attempts + 1;
    const message = err instanceof Error ? err.message : String(err);
    const problem: ArcaMessage = { code: 0, msg: message.slice(0, 300) };
    await repo.update(db, inv.id, {
      attempts,
      next_attempt_at: new Date(clock.now().getTime() + BACKOFF_MS),
      arca_errors: [problem],
    });
    counts.esperando++;
    counts.problemas.push(message);
    deps.logger.warn({ invoice: inv.id, err: message }, 'ARCA no autorizó la factura todavía');
    return 'stop';
  }

  /** After a request ARCA never answered: the number is asked of ARCA before anything else is sent. */
  async function settleInDoubt(inv: Invoice, counts: AuthoriseCounts): Promise<Step> {
    if (inv.nextAttemptAt && inv.nextAttemptAt > clock.now()) return 'stop';
    let found;
    try {
      found = await arca.consult(inv.ptoVta, inv.cbteTipo, inv.number!);
    } catch (err) {
      return postpone(inv, err, counts);
    }
    if (found && found.totalCentavos === inv.totalCentavos && found.docNro === inv.docNro) {
      await authorised(inv, { number: inv.number!, date: found.date, cae: found.cae, caeDueDate: found.caeDueDate });
      counts.autorizadas++;
      return 'next';
    }
    // ARCA never issued it (or that number is another voucher): it gets a number again, as new.
    if (found) deps.logger.warn({ invoice: inv.id, number: inv.number }, 'el número consultado es de otro comprobante');
    await repo.update(db, inv.id, { number: null, cbte_date: null });
    return 'next';
  }

  async function authorised(
    inv: Invoice,
    a: { number: number; date: string; cae: string; caeDueDate: string; observations?: ArcaMessage[] },
  ) {
    await repo.update(db, inv.id, {
      state: 'autorizada',
      number: a.number,
      cbte_date: a.date as unknown as Date,
      cae: a.cae,
      cae_due_date: a.caeDueDate as unknown as Date,
      arca_errors: a.observations?.length ? a.observations : null,
      next_attempt_at: null,
      authorised_at: clock.now(),
    });
  }

  /**
   * `known.last`: the number this run authorised just before in the series, so FECompUltimoAutorizado
   * is not asked again (half the calls); if someone numbered meanwhile ARCA answers 10016 and it is.
   */
  async function authoriseOne(inv: Invoice, counts: AuthoriseCounts, known: { last?: number }): Promise<Step> {
    for (let tries = 0; tries < TRIES_ON_NOT_NEXT; tries++) {
      const date = today();
      let number: number;
      try {
        number = (known.last ?? (await arca.lastAuthorized(inv.ptoVta, inv.cbteTipo))) + 1;
      } catch (err) {
        return postpone(inv, err, counts);
      }
      // From here the invoice is in doubt until ARCA answers: saved first, so a crash or a timeout is asked about.
      await repo.update(db, inv.id, { number, cbte_date: date as unknown as Date });
      let outcome;
      try {
        outcome = await arca.authorize(await voucher(inv, number, date));
      } catch (err) {
        // No answer we can read (a timeout, a 5xx, a reply we cannot parse): ARCA may have issued it, so the
        // number stays and is asked about first.
        return postpone({ ...inv, number }, err, counts);
      }
      if (outcome.outcome === 'approved') {
        await authorised(inv, { number, date, ...outcome });
        known.last = number;
        counts.autorizadas++;
        return 'next';
      }
      await repo.update(db, inv.id, { number: null, cbte_date: null });
      if (outcome.errors.some((e) => e.code === NOT_NEXT)) {
        known.last = undefined;
        continue;
      }
      await repo.update(db, inv.id, {
        state: 'rechazada',
        attempts: inv.attempts + 1,
        arca_errors: [...outcome.errors, ...outcome.observations],
      });
      counts.rechazadas++;
      return 'next';
    }
    return postpone(inv, new Error(`ARCA respondió ${NOT_NEXT} ${TRIES_ON_NOT_NEXT} veces seguidas`), counts);
  }

  async function series(s: Series, holder: string, counts: AuthoriseCounts) {
    const lease = () => repo.claimSeries(s, holder, clock.now(), new Date(clock.now().getTime() + LEASE_MS));
    if (!(await lease())) return;
    try {
      const doubt = await repo.inDoubt(s);
      if (doubt && (await settleInDoubt(doubt, counts)) === 'stop') return;
      let after = 0;
      const known: { last?: number } = {};
      for (let inv = await repo.nextDue(s); inv; inv = await repo.nextDue(s, after)) {
        after = inv.seq;
        // In order: while the first one waits out its backoff, so do the ones paid after it.
        if (inv.nextAttemptAt && inv.nextAttemptAt > clock.now()) return;
        if (!(await lease())) return;
        if ((await authoriseOne(inv, counts, known)) === 'stop') return;
      }
    } finally {
      await repo.releaseSeries(s, holder);
    }
  }

  return {
    /** One pass over every series with something pending; `holder` names this replica's leases. */
    async authorisePending(holder: string = randomUUID()): Promise<AuthoriseCounts> {
      const counts: AuthoriseCounts = { autorizadas: 0, rechazadas: 0, esperando: 0, problemas: [] };
      for (const s of await repo.seriesDue()) await series(s, holder, counts);
      return counts;
    },
  };
}
