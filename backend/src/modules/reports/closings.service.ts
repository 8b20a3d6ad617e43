import { addDays, tucumanDayStart, tucumanToday, type IsoDate } from '@gym/contracts/membership-dates';
import {
  closingMessages as m,
  type CashClosing,
  type CashExpectation,
  type ClosingInput,
} from '@gym/contracts/reports';
import type { StaffAccount } from '@gym/contracts/accounts';
import { plus } from '@gym/contracts/money';
import type { Knex } from 'knex';
import type { Clock } from '../../clock';
import { Conflict, NotFound, ValidationFailed } from '../../shared/errors';
import { UUID } from '../../shared/ids';
import type { AuditRecorder } from '../audit';
import type { ClosingsRepository } from './closings.repository';

/** How soon after a closing the same person may close again. */
const REPEAT_MS = 60_000;

const staffName = (a: StaffAccount) => `${a.name} ${a.lastname}`.trim() || a.email;
const publicClosing = ({ accountId: _id, ...closing }: CashClosing & { accountId: string }): CashClosing => closing;

/**
 * The desk's cash closing (issue 30, part 1). A shift runs from the person's last closing (or,
 * the first time, from the start of today in Tucumán) until they close: what they recorded and
 * marked paid is expected, per method; they type the cash they counted; the difference is kept
 * with a note. Closings are never changed afterwards (the database refuses it).
 */
export function createClosingsService(deps: { repo: ClosingsRepository; clock: Clock; audit: AuditRecorder }) {
  const { repo, clock } = deps;

  async function expectation(q: Knex, account: StaffAccount, to: Date): Promise<CashExpectation> {
    const from = (await repo.lastClosedAt(q, account._id)) ?? tucumanDayStart(tucumanToday(to));
    const sums = await repo.expected(q, { accountId: account._id, email: account.email }, from, to);
    const { efectivo } = sums.porMetodo;
    return {
      desde: from.toISOString(),
      hasta: to.toISOString(),
      ...sums,
      efectivoCentavos: plus(efectivo.cuotasCentavos, efectivo.pedidosCentavos),
    };
  }

  return {
    /** The person's open shift as it stands now, and their latest closings. */
    async current(account: StaffAccount) {
      const esperado = await repo.transaction((trx) => expectation(trx, account, clock.now()));
      return { esperado, cierres: (await repo.ofAccount(account._id)).map(publicClosing) };
    },

    async close(account: StaffAccount, input: ClosingInput): Promise<CashClosing> {
      const counted = input.contadoCentavos;
      const closing = await repo.transaction(async (trx) => {
        await repo.lockAccount(trx, account._id);
        const now = clock.now();
        // A second "Cerrar caja" right after the first (a double submit, two tabs) would close an
        // empty shift with the same cash counted: refused, the first one stands.
        const last = await repo.lastClosedAt(trx, account._id);
        if (last && now.getTime() - last.getTime() < REPEAT_MS) throw new Conflict(m.justClosed);
        const expected = await expectation(trx, account, now);
        if (counted !== expected.efectivoCentavos && !input.nota)
          throw new ValidationFailed(m.noteRequired, { nota: m.noteRequired });
        const made = await repo.insert(trx, {
          accountId: account._id,
          email: account.email,
          name: staffName(account),
          from: new Date(expected.desde),
          to: now,
          expected,
          counted,
          note: input.nota || null,
        });
        await deps.audit.record(trx, {
          entity: 'caja',
          entityId: made.id,
          action: 'cerrar',
          // The audit trail's keys as they always were, in centavos.
          after: {
            esperado: expected.efectivoCentavos,
            contado: counted,
            diferencia: made.diferenciaCentavos,
            nota: made.nota,
          },
        });
        return made;
      });
      return publicClosing(closing);
    },

    /** A closing, for the person who made it or the owner (`all`); anyone else's is the same 404. */
    async one(id: string, account: StaffAccount, all: boolean) {
      const found = UUID.test(id) ? await repo.find(id) : undefined;
      if (!found || (!all && found.accountId !== account._id)) throw new NotFound(m.notFound);
      return publicClosing(found);
    },

    /** Everyone's closings of one day in Tucumán (today when `day` is absent): the owner's list. */
    async ofDay(day: IsoDate = tucumanToday(clock.now())) {
      const closings = await repo.between(tucumanDayStart(day), tucumanDayStart(addDays(day, 1)));
      return { dia: day, cierres: closings.map(publicClosing) };
    },
  };
}

export type ClosingsService = ReturnType<typeof createClosingsService>;
