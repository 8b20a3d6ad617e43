import type { Knex } from 'knex';
import { addDays, addMonths, daysBetween, tucumanDayStart, tucumanToday } from '@gym/contracts/membership-dates';
import { DEFAULT_REMINDER_TEMPLATES, DESK_PAYMENT_METHODS } from '@gym/contracts/memberships';
import { seedPlans } from './clients.data';

/**
 * The demo clients' memberships, relative to the day of seeding so the desk always shows every
 * state: [client, days from today to paid-until, months of payments, apto físico days ago or null,
 * days paused so far or null].
 */
const DEMO: [string, number, number, number | null, number | null][] = [
  ['demo-001', 20, 4, 40, null],
  ['demo-002', 2, 3, 200, null],
  ['demo-003', 5, 5, 380, null],
  ['demo-004', -3, 2, 100, null],
  ['demo-005', -20, 4, null, null],
  ['demo-006', 10, 3, 60, 6],
  ['demo-007', 15, 1, null, null],
  ['demo-008', 25, 6, 300, null],
  ['demo-009', 0, 2, 30, null],
  ['demo-010', -40, 3, null, null],
  ['demo-011', 28, 4, 10, null],
  ['demo-012', 9, 2, 90, null],
];

/**
 * Months of payments back from each paid-until, the plan's price each time, methods in turn, each
 * recorded by `recordedBy` (the seeded staff account's e-mail) so its receipt names that person.
 */
export async function seedMemberships(trx: Knex.Transaction, recordedBy: string, now = new Date()): Promise<void> {
  const today = tucumanToday(now);
  // Reference data the migration inserted; a reset empties it.
  await trx('reminder_templates')
    .insert(Object.entries(DEFAULT_REMINDER_TEMPLATES).map(([channel, text]) => ({ channel, text })))
    .onConflict('channel')
    .ignore();
  const clients: { id_usuario: string; plan: number }[] = await trx('clients').select('id_usuario', 'plan');
  const planOf = new Map(clients.map((c) => [c.id_usuario, c.plan]));
  let turn = 0;
  for (const [id, untilDays, months, aptoDaysAgo, pausedDays] of DEMO) {
    const plan = planOf.get(id);
    if (plan === undefined) continue;
    const price = seedPlans.find((p) => p.idPlan === plan)?.cuotaMensualCentavos ?? 0;
    const paidUntil = addDays(today, untilDays);
    const start = addMonths(paidUntil, -months);
    const apto = aptoDaysAgo === null ? null : addDays(today, -aptoDaysAgo);
    await trx('memberships').insert({
      id_usuario: id,
      start_date: start,
      paid_until: paidUntil,
      cycle_day: Number(start.slice(8)),
      apto_fecha: apto,
      apto_vence: apto && addMonths(apto, 12),
    });
    for (let i = 0; i < months; i++) {
      const from = addMonths(start, i);
      const to = addMonths(start, i + 1);
      // The next receipt number, as the API takes it (migration 0021_payment_receipts).
      const { rows } = await trx.raw<{ rows: { last: number }[] }>(
        'UPDATE receipt_counter SET last = last + 1 WHERE id = 1 RETURNING last',
      );
      await trx('membership_payments').insert({
        receipt_number: rows[0]!.last,
        id_usuario: id,
        amount_centavos: price,
        plan_price_centavos: price,
        id_plan: plan,
        method: DESK_PAYMENT_METHODS[turn++ % DESK_PAYMENT_METHODS.length],
        months: 1,
        period_from: i === 0 ? from : addDays(from, 1),
        period_to: to,
        days_added: daysBetween(from, to),
        recorded_by: recordedBy,
        // Paid a few days before the period, at 10:00 in Tucumán, never in the future.
        created_at: minDate(new Date(tucumanDayStart(addDays(from, -2)).getTime() + 10 * 3_600_000), now),
      });
    }
    if (pausedDays !== null) {
      await trx('membership_pauses').insert({
        id_usuario: id,
        motivo: 'Lesión de tobillo',
        started_on: addDays(today, -pausedDays),
      });
    }
  }
}

const minDate = (a: Date, b: Date) => (a < b ? a : b);
