import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import jsQR from 'jsqr';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { memberMessages as m, transferMessages, type MemberDoorPass, type MemberPortal } from '@gym/contracts/members';
import { serveApi } from '@/test/api-server';
import MemberLinkPage from '../pages/member-link-page';
import MemberPortalPage from '../pages/member-portal-page';
import MemberSignInPage from '../pages/member-sign-in-page';
import { centavos } from '@gym/contracts/money';

const TOKEN = 'a'.repeat(43);
const portal: MemberPortal = {
  idUsuario: 'demo-001',
  nombre: 'Lucía Fernández',
  plan: { numero: '001', nombre: 'BOXEO', cuotaCentavos: centavos(2_500_000) },
  state: 'por vencer',
  paidUntil: '2026-11-28',
  pausedSince: null,
  today: '2026-11-25',
  apto: { vence: null, valido: false },
  payments: [
    {
      id: '6a1f9c2e-3b4d-4e5f-8a9b-0c1d2e3f4a5b',
      receipt: 'R-000042',
      periodFrom: '2026-10-29',
      periodTo: '2026-11-28',
      amountCentavos: centavos(2_500_000),
      method: 'transferencia',
      metodo: 'Transferencia',
      createdAt: '2026-10-29T13:00:00.000Z',
      anulado: false,
    },
  ],
  pauses: [],
  contact: {
    whatsapp: '5493815550123',
    address: 'Congreso 250, San Miguel de Tucumán',
    hours: 'de lunes a viernes de 9 a 20',
  },
};

const PASS: MemberDoorPass = {
  token: 'GYM1.demo-001.1q2w3e.AbCdEfGhIjKlMnOpQrStUv',
  emitido: '2026-11-25T13:00:00.000Z',
  renovar: '2026-11-25T13:05:00.000Z',
};

/** What a QR reader makes of the portal's SVG: its dark squares drawn 4 px each, read by jsQR. */
function readQr(svg: Element): string | undefined {
  const size = Number(svg.getAttribute('viewBox')!.split(' ')[2]);
  const scale = 4;
  const px = size * scale;
  const pixels = new Uint8ClampedArray(px * px * 4).fill(255);
  for (const [, x, y] of svg
    .querySelector('path')!
    .getAttribute('d')!
    .matchAll(/M(\d+) (\d+)/g)) {
    for (let dy = 0; dy < scale; dy++) {
      for (let dx = 0; dx < scale; dx++) {
        const i = ((Number(y) * scale + dy) * px + Number(x) * scale + dx) * 4;
        pixels.fill(0, i, i + 3);
      }
    }
  }
  return jsQR(pixels, px, px)?.data;
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/socio" element={<MemberPortalPage />} />
        <Route path="/socio/ingresar" element={<MemberSignInPage />} />
        <Route path="/socio/entrar" element={<MemberLinkPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('the members’ portal on the phone', () => {
  test('the link opens the session with the token after "#", leaves the address bar clean and shows the member’s page', async () => {
    window.history.replaceState(null, '', `/socio/entrar#${TOKEN}`);
    const api = serveApi({
      'POST /v1/socio/enlace': () => ({ body: { ok: true } }),
      'GET /v1/socio/yo': () => ({ body: portal }),
    });
    renderAt('/socio/entrar');
    expect(await screen.findByRole('heading', { name: 'Hola, Lucía Fernández' })).toBeInTheDocument();
    expect(api.calls[0]).toMatchObject({ method: 'POST', path: '/v1/socio/enlace', body: { token: TOKEN } });
    expect(window.location.hash).toBe('');
    expect(screen.getByText('001 · BOXEO')).toBeInTheDocument();
    expect(screen.getByTestId('member-state')).toHaveTextContent('Vence en 3 días (28/11/2026)');
    expect(screen.getByTestId('member-apto')).toHaveTextContent('Falta tu apto físico: traelo a recepción');
    expect(screen.getByText('29/10/2026 al 28/11/2026')).toBeInTheDocument();
    expect(screen.getByText(/25\.000/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Recibo R-000042' })).toHaveAttribute(
      'href',
      '/v1/socio/recibos/6a1f9c2e-3b4d-4e5f-8a9b-0c1d2e3f4a5b',
    );
    expect(screen.getByRole('link', { name: 'Escribinos por WhatsApp' })).toHaveAttribute(
      'href',
      'https://wa.me/5493815550123',
    );
  });

  test('a used or expired link says so and offers a new one', async () => {
    window.history.replaceState(null, '', `/socio/entrar#${TOKEN}`);
    serveApi({ 'POST /v1/socio/enlace': () => ({ status: 400, body: { error: { message: m.linkInvalid } } }) });
    renderAt('/socio/entrar');
    expect(await screen.findByText(m.linkInvalid)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Pedir un enlace nuevo' })).toHaveAttribute('href', '/socio/ingresar');
  });

  test('without a session the portal asks to come in with a link', async () => {
    serveApi({ 'GET /v1/socio/yo': () => ({ status: 401, body: { error: { message: m.sessionRequired } } }) });
    renderAt('/socio');
    expect(await screen.findByText(m.sessionRequired)).toBeInTheDocument();
  });

  test('asking for a link shows the same neutral answer the API gives', async () => {
    const api = serveApi({ 'POST /v1/socio/ingresar': () => ({ body: { message: m.requestSent } }) });
    renderAt('/socio/ingresar');
    await userEvent.type(screen.getByLabelText('E-mail'), ' Lucia.Fernandez@correo.com ');
    await userEvent.click(screen.getByRole('button', { name: 'Enviarme el enlace' }));
    expect(await screen.findByText(m.requestSent)).toBeInTheDocument();
    expect(api.calls[0]?.body).toEqual({ email: 'lucia.fernandez@correo.com' });
  });

  test('Salir ends the session and says how to come back', async () => {
    serveApi({
      'GET /v1/socio/yo': () => ({ body: portal }),
      'POST /v1/socio/salir': () => ({ body: { message: m.signedOut } }),
    });
    renderAt('/socio');
    await userEvent.click(await screen.findByRole('button', { name: 'Salir' }));
    await waitFor(() => expect(screen.getByText(m.signedOut)).toBeInTheDocument());
  });

  test('a transfer’s photo goes up with the amount and months, and its state shows below', async () => {
    let uploaded = false;
    const api = serveApi({
      'GET /v1/socio/yo': () => ({ body: portal }),
      'GET /v1/socio/comprobantes': () => ({
        body: {
          comprobantes: uploaded
            ? [
                {
                  id: 'u1',
                  idUsuario: 'demo-001',
                  nombre: 'Lucía Fernández',
                  amountCentavos: centavos(5_000_000),
                  months: 2,
                  contentType: 'image/jpeg',
                  status: 'pendiente',
                  createdAt: '2026-11-25T13:00:00.000Z',
                  decidedAt: null,
                  rejectReason: null,
                  receipt: null,
                },
              ]
            : [],
        },
      }),
      'POST /v1/socio/comprobantes': () => {
        uploaded = true;
        return { status: 201, body: { message: transferMessages.uploaded } };
      },
    });
    renderAt('/socio');
    await screen.findByRole('heading', { name: '¿Pagaste por transferencia?' });
    await userEvent.upload(
      screen.getByLabelText('Comprobante'),
      new File(['foto'], 'transferencia.jpg', { type: 'image/jpeg' }),
    );
    await userEvent.type(screen.getByLabelText('Monto ($)'), '50.000');
    await userEvent.selectOptions(screen.getByLabelText('Meses'), '2');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar comprobante' }));
    expect(await screen.findByText(transferMessages.uploaded)).toBeInTheDocument();
    const sent = api.calls.find((c) => c.method === 'POST')!;
    const query = [sent.query.get('montoCentavos'), sent.query.get('meses')];
    expect([sent.path, ...query, sent.headers.get('content-type')]).toEqual([
      '/v1/socio/comprobantes',
      '5000000',
      '2',
      'image/jpeg',
    ]);
    expect(await screen.findByText('En revisión')).toBeInTheDocument();
  });

  test('without a file nothing is sent and the member is told what is missing', async () => {
    const api = serveApi({
      'GET /v1/socio/yo': () => ({ body: portal }),
      'GET /v1/socio/comprobantes': () => ({ body: { comprobantes: [] } }),
    });
    renderAt('/socio');
    await userEvent.click(await screen.findByRole('button', { name: 'Enviar comprobante' }));
    expect(await screen.findByText(transferMessages.missing)).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });
});

test.each([
  ['25000,555', 'Ingresá un monto válido, como 7.400 o 7.400,50'],
  ['7.40', 'Ingresá un monto válido, como 7.400 o 7.400,50'],
  ['0', transferMessages.amountInvalid],
])('"%s" is refused on the phone with the shared words, and nothing travels', async (typed, message) => {
  const api = serveApi({
    'GET /v1/socio/yo': () => ({ body: portal }),
    'GET /v1/socio/comprobantes': () => ({ body: { comprobantes: [] } }),
  });
  renderAt('/socio');
  await userEvent.upload(
    await screen.findByLabelText('Comprobante'),
    new File(['foto'], 't.jpg', { type: 'image/jpeg' }),
  );
  await userEvent.type(screen.getByLabelText('Monto ($)'), typed);
  await userEvent.click(screen.getByRole('button', { name: 'Enviar comprobante' }));
  expect(await screen.findByText(message)).toBeInTheDocument();
  expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
});

test.each([
  ['7.400', '7.400', '740000'],
  ['7400', '7.400', '740000'],
  ['7.400,50', '7.400,50', '740050'],
  ['7,4', '7,4', '740'],
])('the transfer’s amount typed "%s" shows "%s" and travels as %s centavos', async (typed, shown, centavos) => {
  const api = serveApi({
    'GET /v1/socio/yo': () => ({ body: portal }),
    'GET /v1/socio/comprobantes': () => ({ body: { comprobantes: [] } }),
    'POST /v1/socio/comprobantes': () => ({ status: 201, body: { message: transferMessages.uploaded } }),
  });
  renderAt('/socio');
  await userEvent.upload(
    await screen.findByLabelText('Comprobante'),
    new File(['foto'], 't.jpg', { type: 'image/jpeg' }),
  );
  const amount = screen.getByLabelText('Monto ($)');
  await userEvent.type(amount, typed);
  expect(amount).toHaveValue(shown);
  await userEvent.click(screen.getByRole('button', { name: 'Enviar comprobante' }));
  expect(await screen.findByText(transferMessages.uploaded)).toBeInTheDocument();
  const sent = api.calls.find((c) => c.method === 'POST')!.query;
  expect([sent.get('montoCentavos'), sent.get('monto')]).toEqual([centavos, null]);
});

describe('the door QR on the portal', () => {
  test('the member’s pass is a QR a reader turns back into the token, and says it changes every 5 minutes', async () => {
    serveApi({
      'GET /v1/socio/yo': () => ({ body: portal }),
      'GET /v1/socio/qr': () => ({ body: PASS }),
      'GET /v1/socio/comprobantes': () => ({ body: { comprobantes: [] } }),
    });
    renderAt('/socio');
    const qr = await screen.findByRole('img', { name: 'Código QR para la puerta del gimnasio' });
    expect(readQr(qr)).toBe(PASS.token);
    expect(
      screen.getByText('Mostralo en la puerta. Cambia cada 5 minutos, así que una captura no sirve.'),
    ).toBeVisible();
    expect(screen.queryByTestId('member-offline')).not.toBeInTheDocument();
  });

  test('offline, the service worker’s copies say when they were saved and until when the pass works', async () => {
    const saved = { 'x-copia-guardada': '2026-11-25T13:02:00.000Z' };
    serveApi({
      'GET /v1/socio/yo': () => ({ body: portal, headers: saved }),
      'GET /v1/socio/qr': () => ({ body: PASS, headers: saved }),
      'GET /v1/socio/comprobantes': () => ({ body: { comprobantes: [] } }),
    });
    renderAt('/socio');
    expect(await screen.findByTestId('member-offline')).toHaveTextContent(
      'Sin conexión: lo que ves es lo que guardamos el 25/11/2026 10:02.',
    );
    expect(await screen.findByTestId('door-qr-offline')).toHaveTextContent(
      'Sin conexión: es el último código que guardamos y vale hasta el 25/11/2026 10:10. Después, decí tu nombre en recepción.',
    );
    expect(readQr(screen.getByTestId('door-qr'))).toBe(PASS.token);
  });

  test('a session the server no longer knows shows no QR', async () => {
    serveApi({
      'GET /v1/socio/yo': () => ({ body: portal }),
      'GET /v1/socio/qr': () => ({ status: 401, body: { error: { message: m.sessionRequired } } }),
      'GET /v1/socio/comprobantes': () => ({ body: { comprobantes: [] } }),
    });
    renderAt('/socio');
    expect(await screen.findByText(/No pudimos traer tu código/)).toBeInTheDocument();
    expect(screen.queryByTestId('door-qr')).not.toBeInTheDocument();
  });
});
