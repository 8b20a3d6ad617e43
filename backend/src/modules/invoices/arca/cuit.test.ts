import { cuitCheckDigit, isValidCuit } from './cuit';

describe('CUIT check digit (mod 11)', () => {
  test.each(['20123456786', '20-12345678-6', '33693450239', '30-71234567-1', '27 28033514 8'])('%s is valid', (cuit) =>
    expect(isValidCuit(cuit)).toBe(true),
  );
  test.each([
    ['20123456787', 'wrong check digit'],
    ['2012345678', 'ten digits'],
    ['201234567861', 'twelve digits'],
    ['99123456784', 'unknown type'],
    ['2012345678a', 'a letter'],
    ['', 'empty'],
  ])('%s is refused (%s)', (cuit) => expect(isValidCuit(cuit)).toBe(false));
  test('remainder 11 gives 0, remainder 10 has no digit', () => {
    expect(cuitCheckDigit('2000000037')).toBe(0);
    expect(isValidCuit('20000000370')).toBe(true);
    expect(cuitCheckDigit('2000000001')).toBeNull();
    expect(isValidCuit('20000000010')).toBe(false);
  });
});
