import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { onlinePaymentTitles, type OnlinePaymentView } from '@gym/contracts/orders';
import type { MemberPortal } from '@gym/contracts/members';
import { aSiteInfo } from '@/test/fixtures';
import { serveApi } from '@/test/api-server';
import { INSTALL_HINT_KEY } from '../components/install-hint';
import MemberPortalPage from '../pages/member-portal-page';
import { centavos } from '@gym/contracts/money';

const portal: MemberPortal = {
  idUsuario: 'demo-001',
  nombre: 'Lucía Fernández',
  plan: { numero: '001', nombre: 'BOXEO', cuotaCentavos: centavos(2_500_000) },
  state: 'por vencer',
  paidUntil: '2026-11-28',
  pausedSince: null,
  today: '2026-11-25',
  apto: { vence: null, valido: false },
  payments: [],
  pauses: [],
  contact: { whatsapp: null, address: 'Congreso 250, San Miguel de Tucumán', hours: 'de lunes a viernes de 9 a 20' },
};

const approved: OnlinePaymentView = {
  outcome: 'aprobado',
  amountCentavos: centavos(5_000_000),
  months: 2,
  createdAt: '2026-11-25T13:00:00.000Z',
};

function renderPortal(path = '/socio', pago: OnlinePaymentView | null = null) {
  serveApi({
    'GET /v1/site': () => ({ body: aSiteInfo({ mercadoPago: true }) }),
    'GET /v1/socio/yo': () => ({ body: portal }),
    'GET /v1/socio/qr': () => ({ status: 401, body: { error: { message: 'Sin sesión' } } }),
    'GET /v1/socio/comprobantes': () => ({ body: { comprobantes: [] } }),
    'GET /v1/socio/mercadopago': () => ({ body: { pago } }),
  });
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/socio" element={<MemberPortalPage />} />
      </Routes>
    </MemoryRouter>,
  );
  return userEvent.setup();
}

const UA = navigator.userAgent;
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const setUserAgent = (ua: string) => Object.defineProperty(navigator, 'userAgent', { value: ua, configurable: true });

beforeEach(() => localStorage.clear());
afterEach(() => setUserAgent(UA));

describe('back from Mercado Pago, the portal says it at the top (issue 40)', () => {
  test('"Pago aprobado" is the first thing under the greeting, above the plan and the card that paid', async () => {
    renderPortal('/socio?pago=mercadopago', approved);
    const notice = await screen.findByTestId('mp-renewal');
    expect(notice).toHaveTextContent(
      `${onlinePaymentTitles.aprobado}: $ 50.000 por 2 meses. Ya está en tus pagos, con su recibo.`,
    );
    const greeting = screen.getByRole('heading', { level: 1, name: 'Hola, Lucía Fernández' });
    const plan = screen.getByRole('heading', { name: 'Tu plan' });
    const card = await screen.findByRole('region', { name: 'Pagá tu cuota online' });
    const follows = (a: Node, b: Node) => Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
    expect([follows(greeting, notice), follows(notice, plan), follows(notice, card)]).toEqual([true, true, true]);
    expect(within(card).queryByTestId('mp-renewal')).toBeNull();
    expect(screen.getAllByTestId('mp-renewal')).toHaveLength(1);
  });

  test('an ordinary visit shows no payment news at the top', async () => {
    renderPortal('/socio', approved);
    await screen.findByRole('region', { name: 'Pagá tu cuota online' });
    expect(screen.queryByTestId('mp-renewal')).toBeNull();
  });
});

describe('the portal tells the member it can go on the home screen (issue 40)', () => {
  const offerInstall = () => {
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: jest.fn(() => Promise.resolve()),
      userChoice: Promise.resolve({ outcome: 'accepted' as const }),
    });
    act(() => {
      window.dispatchEvent(event);
    });
    return event;
  };
  const hint = () => screen.queryByRole('complementary', { name: 'Agregar a la pantalla de inicio' });

  test('where the browser offers to install, "Agregar a inicio" opens its prompt, and the hint goes for good', async () => {
    const user = renderPortal();
    await screen.findByRole('heading', { name: 'Hola, Lucía Fernández' });
    expect(hint()).toBeNull();
    const event = offerInstall();
    expect(event.defaultPrevented).toBe(true);
    expect(hint()).toHaveTextContent('Tené tu cuenta a mano: agregala a la pantalla de inicio y abrila como una app.');
    await user.click(within(hint()!).getByRole('button', { name: 'Agregar a inicio' }));
    expect(event.prompt).toHaveBeenCalledTimes(1);
    expect(hint()).toBeNull();
    expect(localStorage.getItem(INSTALL_HINT_KEY)).toBe('1');
  });

  test('"Ahora no" closes it and this phone remembers it', async () => {
    const user = renderPortal();
    await screen.findByRole('heading', { name: 'Hola, Lucía Fernández' });
    offerInstall();
    await user.click(within(hint()!).getByRole('button', { name: 'Ahora no' }));
    expect(hint()).toBeNull();
    expect(localStorage.getItem(INSTALL_HINT_KEY)).toBe('1');
  });

  test('a closed hint does not come back when the browser offers again', async () => {
    localStorage.setItem(INSTALL_HINT_KEY, '1');
    renderPortal();
    await screen.findByRole('heading', { name: 'Hola, Lucía Fernández' });
    offerInstall();
    expect(hint()).toBeNull();
  });

  test('on an iPhone’s Safari, which offers no prompt, it says where "Agregar a inicio" is', async () => {
    setUserAgent(IPHONE_SAFARI);
    const user = renderPortal();
    await screen.findByRole('heading', { name: 'Hola, Lucía Fernández' });
    expect(hint()).toHaveTextContent(
      'Tené tu cuenta a mano: en Safari tocá Compartir (el cuadrado con la flecha hacia arriba) y después “Agregar a inicio”.',
    );
    await user.click(within(hint()!).getByRole('button', { name: 'Entendido' }));
    expect(hint()).toBeNull();
    expect(localStorage.getItem(INSTALL_HINT_KEY)).toBe('1');
  });

  test('a browser that offers nothing, on a computer, shows no hint', async () => {
    renderPortal();
    await screen.findByRole('heading', { name: 'Hola, Lucía Fernández' });
    expect(hint()).toBeNull();
  });
});
