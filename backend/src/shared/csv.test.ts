import { formatAmount } from '@gym/contracts/format-money';
import { centavos } from '@gym/contracts/money';
import { toCsv } from './csv';

describe('CSV for a Spanish Excel', () => {
  test('BOM, semicolons, CRLF, quotes where needed, es-AR amounts', () => {
    expect(
      toCsv([
        ['Nombre', 'Monto'],
        ['Pérez; Juan', formatAmount(centavos(250000))],
        ['Dice "hola"', ''],
      ]),
    ).toBe('\uFEFFNombre;Monto\r\n"Pérez; Juan";2.500,00\r\n"Dice ""hola""";\r\n');
  });
  test('a cell that would run as a formula is defused', () => {
    expect(toCsv([['=HYPERLINK("x")', '-1', '+5', '@a']])).toBe('\uFEFF"\'=HYPERLINK(""x"")";\'-1;\'+5;\'@a\r\n');
  });
});
