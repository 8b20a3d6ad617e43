import { GYM_TIME_ZONE } from '@gym/contracts/membership-dates';
import { pesosInWords, receiptLabel, receiptNumber } from './receipts';

describe('a receipt says the amount in words, as an Argentine receipt does', () => {
  test.each([
    [100, 'un peso'],
    [2_100, 'veintiún pesos'],
    [2_500_000, 'veinticinco mil pesos'],
    [2_100_000, 'veintiún mil pesos'],
    [10_000_000, 'cien mil pesos'],
    [10_150_000, 'ciento un mil quinientos pesos'],
    [7_777_700, 'setenta y siete mil setecientos setenta y siete pesos'],
    [100_000_000, 'un millón de pesos'],
    [250_000_050, 'dos millones quinientos mil pesos con 50 centavos'],
    [1_999_999, 'diecinueve mil novecientos noventa y nueve pesos con 99 centavos'],
    [1_600_000, 'dieciséis mil pesos'],
  ])('%i centavos read "%s"', (centavos, words) => {
    expect(pesosInWords(centavos)).toBe(words);
  });

  test('receipt numbers are R- and six digits', () => {
    expect(receiptNumber(123)).toBe('R-000123');
    expect(receiptNumber(1_234_567)).toBe('R-1234567');
  });

  test('a list prints the number, or a dash for a payment without one; dates count in the gym’s zone', () => {
    expect([receiptLabel(42), receiptLabel(null)]).toEqual(['R-000042', '—']);
    expect(GYM_TIME_ZONE).toBe('America/Argentina/Tucuman');
  });
});
