import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DebitView } from '@gym/contracts/debits';
import { centavos } from '@gym/contracts/money';
import { serveApi } from '@/test/api-server';
import { DebitCard } from '../components/debit-card';

const FEE = centavos(2_500_000);
const debit = (estado: DebitView['estado']): DebitView => ({
  id: '6f1c2a9e-4b1d-4c3e-9a51-0d6b7e8f9a10',
  estado,
  plan: 'BOXEO',
  amountCentavos: FEE,
  createdAt: '2026-11-25T15:00:00.000Z',
});
/** Non-breaking spaces aside, as es-AR formats money. */
const text = (s: string | null | undefined) => (s ?? '').replace(/\s/g, ' ');

describe('the portal card of the automatic debit (issue 45)', () => {
  test('without one: the fee is shown and "Activar" goes to authorise it at Mercado Pago', async () => {
    const initPoint = 'https://mercadopago.test/subscriptions/checkout?preapproval_id=abc';
    const api = serveApi({
      'GET /v1/socio/debito': () => ({ body: { debito: null } }),
      'POST /v1/socio/debito': () => ({ status: 201, body: { initPoint, debito: debit('pendiente') } }),
    });
    const openAt = jest.fn();
    render(<DebitCard member="demo-001" monthlyFee={FEE} openAt={openAt} />);
    const button = await screen.findByRole('button', { name: 'Activar débito automático' });
    expect(text(screen.getByText(/Pagá la cuota de/).textContent)).toContain(
      'Pagá la cuota de $ 25.000 todos los meses',
    );
    await userEvent.click(button);
    await screen.findByRole('button', { name: 'Abriendo Mercado Pago…' });
    expect(openAt).toHaveBeenCalledWith(initPoint);
    // The browser sends no amount: the server decides it.
    expect(api.calls.find((c) => c.method === 'POST')?.body).toBeUndefined();
  });

  test('active: its status and amount; stopping it asks once, then says it is stopped', async () => {
    let current = debit('activo');
    const api = serveApi({
      'GET /v1/socio/debito': () => ({ body: { debito: current } }),
      'DELETE /v1/socio/debito/*': () => {
        current = debit('cancelado');
        return {
          body: { message: 'Listo: frenamos el débito automático. No se te va a cobrar más.', debito: current },
        };
      },
    });
    render(<DebitCard member="demo-001" monthlyFee={FEE} openAt={jest.fn()} />);
    const state = await screen.findByTestId('debit-state');
    expect(text(state.textContent)).toBe('Activo: la cuota se cobra sola cada mesBOXEO: $ 25.000 por mes');

    await userEvent.click(screen.getByRole('button', { name: 'Frenar el débito automático' }));
    await userEvent.click(screen.getByRole('button', { name: 'No, dejarlo' }));
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Frenar el débito automático' }));
    await userEvent.click(screen.getByRole('button', { name: 'Sí, frenarlo' }));

    expect(await screen.findByText('Listo: frenamos el débito automático. No se te va a cobrar más.')).toHaveAttribute(
      'role',
      'status',
    );
    expect(api.calls.find((c) => c.method === 'DELETE')?.path).toBe(`/v1/socio/debito/${debit('activo').id}`);
    // Read again: stopped, it can be started anew.
    expect(await screen.findByRole('button', { name: 'Activar débito automático' })).toBeEnabled();
  });

  test('waiting for authorisation: it can be authorised from here; a refusal is shown in Spanish', async () => {
    serveApi({
      'GET /v1/socio/debito': () => ({ body: { debito: debit('pendiente') } }),
      'POST /v1/socio/debito': () => ({
        status: 502,
        body: {
          error: {
            message: 'No pudimos comunicarnos con Mercado Pago. Probá de nuevo en unos minutos o pagá en el gimnasio.',
          },
        },
      }),
    });
    render(<DebitCard member="demo-001" monthlyFee={FEE} openAt={jest.fn()} />);
    expect(await screen.findByText('Falta que lo autorices en Mercado Pago')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Autorizar en Mercado Pago' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No pudimos comunicarnos con Mercado Pago. Probá de nuevo en unos minutos o pagá en el gimnasio.',
    );
  });
});
