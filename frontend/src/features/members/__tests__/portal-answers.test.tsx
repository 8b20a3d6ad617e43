import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Route, Routes } from 'react-router-dom';
import { memberMessages, type MemberPortal } from '@gym/contracts/members';
import { onlineManager } from '@tanstack/react-query';
import { queryClient } from '@/api/server-state';
import { serveApi } from '@/test/api-server';
import MemberLinkPage from '../pages/member-link-page';
import MemberPortalPage from '../pages/member-portal-page';
import { centavos } from '@gym/contracts/money';

const member = (idUsuario: string, nombre: string): MemberPortal => ({
  idUsuario,
  nombre,
  plan: { numero: '001', nombre: 'BOXEO', cuotaCentavos: centavos(2_500_000) },
  state: 'activa',
  paidUntil: '2026-12-20',
  pausedSince: null,
  today: '2026-11-25',
  apto: { vence: '2027-03-01', valido: true },
  payments: [],
  pauses: [],
  contact: { whatsapp: null, address: 'Congreso 250, San Miguel de Tucumán', hours: 'de lunes a viernes de 9 a 20' },
});
const LUCIA = member('demo-001', 'Lucía Fernández');
const MARTIN = member('demo-002', 'Martín Gómez');

function renderPortal(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/socio" element={<MemberPortalPage />} />
        <Route path="/socio/entrar" element={<MemberLinkPage />} />
        <Route
          path="/socio/clases"
          element={
            <Link to="/socio" className="btn btn-link px-0">
              ← Volver a tu cuenta
            </Link>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

/** Every answer the portal keeps, by key. */
const kept = () =>
  queryClient
    .getQueryCache()
    .findAll()
    .map((q) => q.queryKey);

const gets = (api: ReturnType<typeof serveApi>, path: string) =>
  api.calls.filter((c) => c.method === 'GET' && c.path === path).length;

beforeAll(() => {
  window.matchMedia = (query: string) =>
    ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} }) as unknown as MediaQueryList;
});

describe('the portal’s answers (issue 43): kept per member, brought up to date by the change itself', () => {
  test('back from another portal page, the account shows at once from what was kept, and is asked again behind it', async () => {
    const api = serveApi({
      'GET /v1/socio/yo': () => ({ body: LUCIA }),
      'GET /v1/socio/comprobantes': () => ({ body: { comprobantes: [] } }),
    });
    renderPortal('/socio');
    await userEvent.click(await screen.findByRole('link', { name: 'Mis clases: reservá tu lugar' }));
    await userEvent.click(await screen.findByRole('link', { name: '← Volver a tu cuenta' }));
    expect(screen.getByRole('heading', { name: 'Hola, Lucía Fernández' })).toBeInTheDocument();
    expect(screen.queryByText('Cargando tu cuenta…')).toBeNull();
    await waitFor(() => expect(gets(api, '/v1/socio/yo')).toBe(2));
  });

  test('Salir forgets every answer of the member, and asks for none of them again', async () => {
    const api = serveApi({
      'GET /v1/socio/yo': () => ({ body: LUCIA }),
      'GET /v1/socio/comprobantes': () => ({ body: { comprobantes: [] } }),
      'POST /v1/socio/salir': () => ({ body: { message: memberMessages.signedOut } }),
    });
    renderPortal('/socio');
    await screen.findByRole('heading', { name: '¿Pagaste por transferencia?' });
    await waitFor(() => expect(gets(api, '/v1/socio/comprobantes')).toBe(1));
    expect(kept()).toEqual(
      expect.arrayContaining([
        ['clients', 'socio'],
        ['memberships', 'socio', 'demo-001', 'comprobantes'],
      ]),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Salir' }));
    expect(await screen.findByText(memberMessages.signedOut)).toBeInTheDocument();
    expect(kept()).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.calls.map((c) => `${c.method} ${c.path}`).slice(-1)).toEqual(['POST /v1/socio/salir']);
  });

  test('a link that opens another member’s session never shows the last one’s page', async () => {
    serveApi({
      'GET /v1/socio/yo': () => ({ body: LUCIA }),
      'GET /v1/socio/comprobantes': () => ({ body: { comprobantes: [] } }),
    });
    const first = renderPortal('/socio');
    await screen.findByRole('heading', { name: '¿Pagaste por transferencia?' });
    first.unmount();

    window.history.replaceState(null, '', `/socio/entrar#${'b'.repeat(43)}`);
    serveApi({
      'POST /v1/socio/enlace': () => ({ body: { ok: true } }),
      'GET /v1/socio/yo': () => ({ body: MARTIN }),
      'GET /v1/socio/comprobantes': () => ({ body: { comprobantes: [] } }),
    });
    renderPortal('/socio/entrar');
    expect(await screen.findByText('Cargando tu cuenta…')).toBeInTheDocument();
    expect(screen.queryByText(/Lucía/)).toBeNull();
    expect(await screen.findByRole('heading', { name: 'Hola, Martín Gómez' })).toBeInTheDocument();
    expect(screen.queryByText(/Lucía/)).toBeNull();
  });

  test('when the account names another member (a session opened in another tab), the last one’s answers go', async () => {
    let who = LUCIA;
    serveApi({
      'GET /v1/socio/yo': () => ({ body: who }),
      'GET /v1/socio/comprobantes': () => ({ body: { comprobantes: [] } }),
    });
    const first = renderPortal('/socio');
    await screen.findByRole('heading', { name: '¿Pagaste por transferencia?' });
    await waitFor(() => expect(kept()).toContainEqual(['memberships', 'socio', 'demo-001', 'comprobantes']));
    first.unmount();

    who = MARTIN;
    renderPortal('/socio');
    expect(await screen.findByRole('heading', { name: 'Hola, Martín Gómez' })).toBeInTheDocument();
    await waitFor(() => expect(kept()).toContainEqual(['memberships', 'socio', 'demo-002', 'comprobantes']));
    expect(kept().filter((key) => key.includes('demo-001'))).toEqual([]);
  });

  test('when the browser says it is offline the portal still asks: the service worker answers from its copy', async () => {
    serveApi({
      'GET /v1/socio/yo': () => ({ body: LUCIA, headers: { 'x-copia-guardada': '2026-11-25T13:02:00.000Z' } }),
      'GET /v1/socio/comprobantes': () => ({ status: 503, body: { error: { message: 'Sin conexión' } } }),
    });
    onlineManager.setOnline(false);
    try {
      renderPortal('/socio');
      expect(await screen.findByTestId('member-offline')).toHaveTextContent(
        'Sin conexión: lo que ves es lo que guardamos el 25/11/2026 10:02.',
      );
    } finally {
      onlineManager.setOnline(true);
    }
  });
});
