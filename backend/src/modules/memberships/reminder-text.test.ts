import { reminderPortalLine, renderTemplate } from './reminder-text';

describe('reminder texts', () => {
  test('templates greet by first name and show the date as dd/mm', () => {
    expect(
      renderTemplate('Hola {nombre}, tu plan {plan} vence el {vence} ({fecha}). {otro}', {
        nombre: 'Lucía Fernández',
        plan: 'BOXEO',
        vence: '2026-03-12',
      }),
    ).toBe('Hola Lucía, tu plan BOXEO vence el 12/03 (12/03/2026). {otro}');
  });
  test('the portal line offers Mercado Pago only when the gym takes it', () => {
    expect(reminderPortalLine('https://gym.test/socio', true)).toBe(
      'Renová online con Mercado Pago (tarjeta, débito o dinero en cuenta) desde tu cuenta: https://gym.test/socio',
    );
    expect(reminderPortalLine('https://gym.test/socio', false)).toBe(
      'Tu plan y tus pagos, en tu cuenta: https://gym.test/socio',
    );
  });
});
