import { memberAptoLine, memberStateLine } from '../members';

const today = '2026-11-25';

describe('the member’s state in one line, in the Tucumán calendar', () => {
  test.each([
    [{ state: 'activa', paidUntil: '2026-12-24', pausedSince: null }, 'Al día: pagada hasta el 24/12/2026'],
    [{ state: 'por vencer', paidUntil: '2026-11-28', pausedSince: null }, 'Vence en 3 días (28/11/2026)'],
    [{ state: 'por vencer', paidUntil: '2026-11-26', pausedSince: null }, 'Vence en 1 día (26/11/2026)'],
    [{ state: 'por vencer', paidUntil: '2026-11-25', pausedSince: null }, 'Vence hoy (25/11/2026)'],
    [{ state: 'vencida', paidUntil: '2026-11-24', pausedSince: null }, 'Vencida desde el 25/11/2026'],
    [{ state: 'pausada', paidUntil: '2026-12-24', pausedSince: '2026-11-20' }, 'Pausada desde el 20/11/2026'],
    [{ state: null, paidUntil: null, pausedSince: null }, 'Todavía no hay pagos registrados'],
  ] as const)('%o reads "%s"', (portal, line) => {
    expect(memberStateLine({ ...portal, today })).toBe(line);
  });

  test.each([
    [{ vence: '2027-03-01', valido: true }, 'Vigente hasta el 01/03/2027'],
    [{ vence: '2026-11-01', valido: false }, 'Vencido el 01/11/2026: renovalo en recepción'],
    [{ vence: null, valido: false }, 'Falta tu apto físico: traelo a recepción'],
  ])('the apto %o reads "%s"', (apto, line) => {
    expect(memberAptoLine(apto)).toBe(line);
  });
});
