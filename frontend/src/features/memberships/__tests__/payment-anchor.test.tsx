import { render, screen, waitFor } from '@testing-library/react';
import type { MembershipDetail } from '@gym/contracts/memberships';
import { serveApi } from '@/test/api-server';
import { MembershipSection } from '..';
import { centavos } from '@gym/contracts/money';

const detail: MembershipDetail = {
  membership: {
    idUsuario: 'demo-004',
    startDate: '2026-08-05',
    paidUntil: '2026-11-20',
    cycleDay: 5,
    state: 'vencida',
    pausedSince: null,
    aptoFecha: null,
    aptoVence: null,
    aptoValido: false,
  },
  planPriceCentavos: centavos(250_000),
  payments: [],
  pauses: [],
  reminders: [],
};

describe('the client’s page reached from the door’s "Registrar pago"', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  test('…#registrar-pago brings the payment form into view, its heading focused', async () => {
    window.history.replaceState(null, '', '/editarusuario/demo-004#registrar-pago');
    serveApi({ 'GET /v1/memberships/demo-004': () => ({ body: detail }) });
    render(<MembershipSection idUsuario="demo-004" />);
    const heading = await screen.findByRole('heading', { level: 3, name: 'Registrar pago' });
    await waitFor(() => expect(heading).toHaveFocus());
  });

  test('without the anchor nothing moves', async () => {
    window.history.replaceState(null, '', '/editarusuario/demo-004');
    serveApi({ 'GET /v1/memberships/demo-004': () => ({ body: detail }) });
    render(<MembershipSection idUsuario="demo-004" />);
    const heading = await screen.findByRole('heading', { level: 3, name: 'Registrar pago' });
    expect(heading).not.toHaveFocus();
  });
});
