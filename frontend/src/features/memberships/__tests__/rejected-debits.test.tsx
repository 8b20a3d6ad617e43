import { render, screen, waitFor } from '@testing-library/react';
import { serveApi } from '@/test/api-server';
import { ObservedDebits, RejectedDebits } from '../components/rejected-debits';

describe('the desk\'s "Débitos rechazados" (issue 45)', () => {
  test('lists each member Mercado Pago could not charge, with the month and the tries', async () => {
    serveApi({
      'GET /v1/debitos/rechazados': () => ({
        body: {
          rechazados: [
            {
              idUsuario: 'demo-007',
              nombre: 'Lucía Fernández',
              periodo: '2026-11',
              amountCentavos: 2_500_000,
              intentos: 2,
              updatedAt: '2026-11-25T15:00:00.000Z',
            },
          ],
        },
      }),
    });
    render(<RejectedDebits />);
    const list = await screen.findByRole('region', { name: 'Débitos rechazados' });
    expect(list.textContent?.replace(/\s/g, ' ')).toContain(
      'Lucía Fernández (demo-007) · cuota de 11/2026 · $ 25.000 · 2 intentos, el último el',
    );
  });

  test('nothing when there are none, or without Mercado Pago (no such route)', async () => {
    const api = serveApi({ 'GET /v1/debitos/rechazados': () => ({ body: { rechazados: [] } }) });
    const { container } = render(<RejectedDebits />);
    await waitFor(() => expect(api.calls).toHaveLength(1));
    expect(container).toBeEmptyDOMElement();
  });
});

describe("the owner's debits with another amount (issue 45)", () => {
  test('each charge that did not match the plan, with both amounts', async () => {
    serveApi({
      'GET /v1/debitos/observados': () => ({
        body: {
          observados: [
            {
              idUsuario: 'demo-007',
              nombre: 'Lucía Fernández',
              periodo: '2026-11',
              amountCentavos: 2_600_000,
              currency: 'ARS',
              expectedCentavos: 2_500_000,
              updatedAt: '2026-11-25T15:00:00.000Z',
            },
          ],
        },
      }),
    });
    render(<ObservedDebits />);
    const list = await screen.findByRole('region', {
      name: 'Débitos con un monto distinto del plan (no se registraron)',
    });
    expect(list.textContent?.replace(/\s/g, ' ')).toBe(
      'Débitos con un monto distinto del plan (no se registraron)Lucía Fernández (demo-007) · cuota de 11/2026 · cobró $ 26.000 y el plan es $ 25.000',
    );
  });

  test('nothing for the desk (403)', async () => {
    const api = serveApi({
      'GET /v1/debitos/observados': () => ({ status: 403, body: { error: { message: 'No tenés permiso' } } }),
    });
    const { container } = render(<ObservedDebits />);
    await waitFor(() => expect(api.calls).toHaveLength(1));
    expect(container).toBeEmptyDOMElement();
  });
});
