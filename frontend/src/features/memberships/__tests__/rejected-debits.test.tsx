import { render, screen, waitFor } from '@testing-library/react';
import { serveApi } from '@/test/api-server';
import { RejectedDebits } from '../components/rejected-debits';

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
