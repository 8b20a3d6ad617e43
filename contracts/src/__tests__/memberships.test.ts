import {
  addDays,
  addMonths,
  daysBetween,
  formatDate,
  isIsoDate,
  monthRange,
  tucumanDayStart,
  tucumanToday,
} from '../membership-dates';
import { aptoIsValid, aptoValidUntil, membershipState, paymentPeriod, pausedDays } from '../membership-rules';
import { aptoSchema, membershipMessages as m, membershipQuerySchema, paymentSchema } from '../memberships';

describe('the day in Tucumán (UTC−3 today, whatever its rules were)', () => {
  test.each([
    ['2026-03-12T02:59:59.999Z', '2026-03-11'],
    ['2026-03-12T03:00:00.000Z', '2026-03-12'],
    ['2026-01-01T02:30:00.000Z', '2025-12-31'],
    ['2028-03-01T02:00:00.000Z', '2028-02-29'],
    // January and July alike: Argentina keeps UTC−3 all year.
    ['2026-07-15T03:00:00.000Z', '2026-07-15'],
    ['2026-07-15T02:59:00.000Z', '2026-07-14'],
  ])('at %s it is %s in Tucumán', (instant, day) => {
    expect(tucumanToday(new Date(instant))).toBe(day);
  });

  test('a Tucumán day starts at 03:00 UTC', () => {
    expect(tucumanDayStart('2026-03-12').toISOString()).toBe('2026-03-12T03:00:00.000Z');
  });

  test('"this month" turns at midnight in Tucumán, three hours after UTC', () => {
    expect(monthRange(tucumanToday(new Date('2026-12-01T02:59:59.999Z')))).toEqual({
      from: '2026-11-01',
      to: '2026-11-30',
    });
    expect(monthRange(tucumanToday(new Date('2026-12-01T03:00:00.000Z')))).toEqual({
      from: '2026-12-01',
      to: '2026-12-31',
    });
    expect(tucumanDayStart('2027-01-01').toISOString()).toBe('2027-01-01T03:00:00.000Z');
  });

  test("the zone's rules come from the time-zone data, not a fixed offset: Tucumán kept summer time in 2008-09", () => {
    // UTC−2 that summer: 02:30 UTC was already 00:30 of the next day; in winter it was still 23:30.
    expect(tucumanToday(new Date('2009-01-15T02:30:00.000Z'))).toBe('2009-01-15');
    expect(tucumanToday(new Date('2008-06-15T02:30:00.000Z'))).toBe('2008-06-14');
    expect(tucumanDayStart('2009-01-15').toISOString()).toBe('2009-01-15T02:00:00.000Z');
  });
});

describe('calendar arithmetic', () => {
  test.each([
    ['2026-01-31', 1, undefined, '2026-02-28'],
    ['2028-01-31', 1, undefined, '2028-02-29'],
    ['2026-02-28', 1, 31, '2026-03-31'],
    ['2028-02-29', 12, undefined, '2029-02-28'],
    ['2026-03-31', 1, undefined, '2026-04-30'],
    ['2026-12-15', 1, undefined, '2027-01-15'],
    ['2026-11-30', 3, undefined, '2027-02-28'],
    ['2026-05-10', -5, undefined, '2025-12-10'],
    ['2026-04-30', 1, 30, '2026-05-30'],
    ['2026-01-30', 1, 30, '2026-02-28'],
  ])('%s + %i month(s), anchor %p, is %s', (date, months, anchor, expected) => {
    expect(addMonths(date, months, anchor)).toBe(expected);
  });

  test('days across month ends, year ends and a leap day', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysBetween('2028-02-01', '2028-03-01')).toBe(29);
    expect(daysBetween('2026-03-10', '2026-03-01')).toBe(-9);
  });

  test('only real days are dates', () => {
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2026-13-01')).toBe(false);
    expect(isIsoDate('12/03/2026')).toBe(false);
    expect(isIsoDate(20260312)).toBe(false);
  });

  test('dates are shown dd/mm/aaaa and months run first to last day', () => {
    expect(formatDate('2026-03-05')).toBe('05/03/2026');
    expect(formatDate(null)).toBe('');
    expect(monthRange('2028-02-14')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(monthRange('2026-01-20', -1)).toEqual({ from: '2025-12-01', to: '2025-12-31' });
  });
});

describe('membership state', () => {
  const today = '2026-03-12';
  test.each([
    ['2026-03-20', false, 'activa'],
    ['2026-03-19', false, 'por vencer'],
    ['2026-03-12', false, 'por vencer'],
    ['2026-03-11', false, 'vencida'],
    ['2026-01-01', true, 'pausada'],
    [null, false, null],
  ] as const)('paid until %p, paused %p: %p', (paidUntil, paused, state) => {
    expect(membershipState(paidUntil, paused, today)).toBe(state);
  });
});

describe('what a payment covers', () => {
  test('a current membership is extended from paid-until, on its cycle day', () => {
    expect(paymentPeriod({ paidUntil: '2026-03-20', cycleDay: 20 }, 1, '2026-03-12')).toEqual({
      from: '2026-03-21',
      to: '2026-04-20',
      days: 31,
      cycleDay: 20,
    });
    expect(paymentPeriod({ paidUntil: '2026-02-28', cycleDay: 31 }, 1, '2026-02-27').to).toBe('2026-03-31');
    expect(paymentPeriod({ paidUntil: '2028-01-31', cycleDay: 31 }, 1, '2028-01-31').to).toBe('2028-02-29');
    expect(paymentPeriod({ paidUntil: '2026-11-30', cycleDay: 30 }, 3, '2026-11-01').to).toBe('2027-02-28');
  });

  test('a lapsed or new membership starts again today, which becomes the cycle day', () => {
    expect(paymentPeriod({ paidUntil: '2026-03-01', cycleDay: 1 }, 1, '2026-03-12')).toEqual({
      from: '2026-03-12',
      to: '2026-04-12',
      days: 32,
      cycleDay: 12,
    });
    expect(paymentPeriod({ paidUntil: null, cycleDay: null }, 2, '2026-12-31').to).toBe('2027-02-28');
  });

  test('paused days are given back, never taken', () => {
    expect(pausedDays('2026-02-20', '2026-03-02')).toBe(10);
    expect(pausedDays('2026-03-02', '2026-03-02')).toBe(0);
  });

  test('an apto físico is valid a year, through its last day', () => {
    expect(aptoValidUntil('2026-03-12')).toBe('2027-03-12');
    expect(aptoValidUntil('2028-02-29')).toBe('2029-02-28');
    expect(aptoIsValid('2026-03-12', '2026-03-12')).toBe(true);
    expect(aptoIsValid('2026-03-11', '2026-03-12')).toBe(false);
    expect(aptoIsValid(null, '2026-03-12')).toBe(false);
  });
});

describe('schemas shared by the forms and the API', () => {
  const first = (schema: { validateSync(v: unknown): unknown }, value: unknown) => {
    try {
      schema.validateSync(value);
      return null;
    } catch (err) {
      return (err as Error).message;
    }
  };
  test.each([
    [{ method: 'efectivo' }, null],
    [{ method: 'cheque' }, m.methodInvalid],
    [{}, m.methodRequired],
    [{ method: 'tarjeta', amountCentavos: 100 }, null],
    [{ method: 'tarjeta', amountCentavos: 1_000_000_000 }, null],
    [{ method: 'tarjeta', amountCentavos: 0 }, m.amountRange],
    [{ method: 'tarjeta', amountCentavos: 99 }, m.amountRange],
    [{ method: 'tarjeta', amountCentavos: 1_000_000_001 }, m.amountRange],
    [{ method: 'tarjeta', amountCentavos: 1000.5 }, m.amountRange],
    [{ method: 'tarjeta', amountCentavos: 'mil' }, m.amountNumber],
    [{ method: 'tarjeta', months: 13 }, m.monthsRange],
    [{ method: 'tarjeta', note: 'x'.repeat(201) }, m.noteMax],
  ])('payment %p: %p', (value, message) => {
    expect(first(paymentSchema, value)).toBe(message);
  });
  test('apto físico: a real date, and a due date after it', () => {
    expect(first(aptoSchema, { fecha: '2026-02-30' })).toBe(m.fechaInvalid);
    expect(first(aptoSchema, { fecha: '' })).toBe(m.fechaRequired);
    expect(first(aptoSchema, { fecha: '2026-03-12', vence: '2026-03-01' })).toBe(m.venceBeforeFecha);
    expect(first(aptoSchema, { fecha: '2026-03-12', vence: '' })).toBeNull();
    expect(first(aptoSchema, { fecha: '2026-03-12', vence: '2028-03-12' })).toBeNull();
    expect(first(aptoSchema, { fecha: '2026-03-12', vence: '2028-03-13' })).toBe(m.venceTooFar);
    expect(first(aptoSchema, { fecha: '2026-03-12', vence: '9999-12-31' })).toBe(m.venceTooFar);
  });
  test('list query defaults to "por vencer", page 1 of 25', () => {
    expect(membershipQuerySchema.validateSync({})).toMatchObject({ estado: 'por-vencer', page: 1, limit: 25 });
    expect(first(membershipQuerySchema, { estado: 'todas' })).toBe(m.listInvalid);
  });
});
