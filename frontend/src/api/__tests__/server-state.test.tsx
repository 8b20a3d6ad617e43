import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { DeskDashboard } from '@/features/memberships/components/desk-dashboard';
import { pauseMembership, recordPayment } from '@/features/memberships/api/memberships-api';
import { serveApi } from '@/test/api-server';
import { aDashboard } from '@/test/fixtures';
import { forgetAnswers } from '../server-state';
import { centavos } from '@gym/contracts/money';

const figures = (vencidas: number) => aDashboard({ vencidas });

/** The desk's figures on screen, answered from `state`, which the payment route changes as the API would. */
function deskWithPayments() {
  const state = { vencidas: 3 };
  const api = serveApi({
    'GET /v1/desk/dashboard': () => ({ body: figures(state.vencidas) }),
    'POST /v1/memberships/demo-004/payments': () => {
      state.vencidas -= 1;
      return { status: 201, body: { payment: {}, detail: {} } };
    },
    'POST /v1/memberships/demo-004/pause': () => ({ status: 409, body: { error: { message: 'Ya está pausada' } } }),
  });
  const dashboardLoads = () => api.calls.filter((call) => call.path === '/v1/desk/dashboard').length;
  const view = () => (
    <MemoryRouter>
      <DeskDashboard />
    </MemoryRouter>
  );
  return { dashboardLoads, view };
}

const vencidas = () => screen.getByText('Vencidas').nextElementSibling?.textContent;
const payment = { amountCentavos: centavos(2_500_000), method: 'efectivo', months: 1, note: '' };

describe('what the API answered, kept once and fresh after every change', () => {
  test('a payment recorded anywhere brings the desk figures on screen up to date, with no reload by hand', async () => {
    const { dashboardLoads, view } = deskWithPayments();
    render(view());
    await screen.findByText('Vencidas');
    expect(vencidas()).toBe('3');

    await recordPayment('demo-004', payment);
    await waitFor(() => expect(vencidas()).toBe('2'));
    expect(dashboardLoads()).toBe(2);
  });

  test('a change the API refuses changes nothing on screen and loads nothing again', async () => {
    const { dashboardLoads, view } = deskWithPayments();
    render(view());
    await screen.findByText('Vencidas');
    await expect(pauseMembership('demo-004', 'viaje')).rejects.toThrow();
    // Nothing to wait for (what is checked must NOT happen): a grace period for a stray request, which a slow machine can only miss, never fail.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(dashboardLoads()).toBe(1);
    expect(vencidas()).toBe('3');
  });

  test('coming back to a screen shows what it had at once and loads it again behind', async () => {
    const { dashboardLoads, view } = deskWithPayments();
    const first = render(view());
    await screen.findByText('Vencidas');
    first.unmount();

    render(view());
    expect(screen.queryByText('Cargando el tablero…')).not.toBeInTheDocument();
    expect(vencidas()).toBe('3');
    await waitFor(() => expect(dashboardLoads()).toBe(2));
  });

  test('forgetting (what the staff layout does when the account changes) leaves the next person nothing cached', async () => {
    const { view } = deskWithPayments();
    const first = render(view());
    await screen.findByText('Vencidas');
    first.unmount();
    forgetAnswers();

    render(view());
    expect(screen.getByText('Cargando el tablero…')).toBeInTheDocument();
    await screen.findByText('Vencidas');
  });
});
