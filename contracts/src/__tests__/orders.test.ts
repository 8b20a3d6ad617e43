import { PAID_BY_MERCADOPAGO, paidOnline } from '../orders';

describe('paidOnline: cancelling the order means refunding it', () => {
  const step = (por: string) => ({ por });
  test.each([
    [{ pago: 'mercadopago', estado: 'pagado', pagado: step(PAID_BY_MERCADOPAGO) }, true],
    // Meant for Mercado Pago, paid in cash at the desk: a plain cancel.
    [{ pago: 'mercadopago', estado: 'pagado', pagado: step('Rita Paz') }, false],
    [{ pago: 'mercadopago', estado: 'pendiente', pagado: null }, false],
    [{ pago: 'mercadopago', estado: 'entregado', pagado: step(PAID_BY_MERCADOPAGO) }, false],
    [{ pago: 'transferencia', estado: 'pagado', pagado: step(PAID_BY_MERCADOPAGO) }, false],
  ] as const)('%o → %s', (order, expected) => {
    expect(paidOnline(order)).toBe(expected);
  });
});
