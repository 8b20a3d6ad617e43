import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { contactMessages as m, type ContactMessage } from '@gym/contracts/contact';
import { showAlert } from '@/components/alerts';
import { serveApi } from '@/test/api-server';
import { expectNotice, renderNotices } from '@/test/notices';
import ChatPage from '../pages/chat-page';
import ClientChatPage from '../pages/client-chat-page';

jest.mock('@/components/alerts', () => ({
  showAlert: jest.fn(() => Promise.resolve()),
  confirmAction: jest.fn(),
}));
jest.setTimeout(20_000);

const alert = jest.mocked(showAlert);

const sent = (overrides: Partial<ContactMessage> = {}): ContactMessage => ({
  id: 'm1',
  user_name: 'Lucía',
  user_email: 'lucia.fernandez@correo.com',
  user_message: 'Tu plan vence el lunes',
  idUsuario: 'demo-001',
  status: 'enviado',
  error: null,
  createdAt: '2026-03-01T12:00:00.000Z',
  ...overrides,
});

function renderAt(path: string, sendStatus = 201) {
  const history: ContactMessage[] = [
    sent(),
    sent({ id: 'm2', idUsuario: null, user_name: 'Pedro', status: 'fallido', error: '421' }),
    sent({ id: 'm3', user_name: 'Rita', status: 'en cola', error: null }),
  ];
  const api = serveApi({
    'GET /v1/messages': () => ({ body: { messages: history } }),
    'POST /v1/messages': ({ body }) =>
      sendStatus === 201
        ? { status: 201, body: { message: sent(body as Partial<ContactMessage>) } }
        : { status: sendStatus, body: { error: { message: m.sendFailed } } },
    'POST /v1/obtenerdatausuario': () => ({
      body: [{ idUsuario: 'demo-001', nombre: 'Lucía Fernández', correo: 'lucia.fernandez@correo.com' }],
    }),
  });
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/chat" element={<ChatPage />} />
        <Route path="/chatparticular/:idUsuario" element={<ClientChatPage />} />
      </Routes>
    </MemoryRouter>,
  );
  renderNotices();
  return { api, user: userEvent.setup() };
}

const field = (label: string) => screen.getByLabelText(label);

async function fillMessage(user: ReturnType<typeof userEvent.setup>, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    await user.clear(field(label));
    if (value) await user.type(field(label), value);
  }
}

beforeEach(() => alert.mockClear());

describe('the message form', () => {
  test('carries the SPEC §5 rules natively and shows the contracts messages', async () => {
    const { user, api } = renderAt('/chat');
    await screen.findByRole('heading', { name: 'Enviar mensaje a un usuario' });
    expect(field('Nombre')).toMatchObject({ minLength: 3, required: true });
    expect(field('Email')).toMatchObject({ type: 'email', minLength: 15, required: true });
    expect(field('Mensaje')).toMatchObject({ minLength: 4, required: true });
    for (const label of ['Nombre', 'Email', 'Mensaje']) expect(field(label)).not.toHaveAttribute('maxLength');
    expect(screen.getByRole('link', { name: 'Volver' })).toHaveAttribute('href', '/admin');

    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    for (const message of [m.nameRequired, m.emailRequired, m.messageRequired]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    await fillMessage(user, { Nombre: 'Al', Email: 'ana@correo.co', Mensaje: 'Hey' });
    for (const message of [m.nameLength, m.emailLength, m.messageLength]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    await fillMessage(user, { Email: 'ana.gomez.correo.com' });
    expect(await screen.findByText(m.emailInvalid)).toBeInTheDocument();
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);
  });

  test('a 60-character message is kept whole, counted (60/50) and refused with the rule, not silently cut', async () => {
    const { user, api } = renderAt('/chat');
    await screen.findByRole('heading', { name: 'Enviar mensaje a un usuario' });
    const text = 'Recordá que el plan vence el lunes y la cuota sube en marzo';
    await user.type(field('Mensaje'), text);
    expect((field('Mensaje') as HTMLTextAreaElement).value).toBe(text);
    expect(screen.getByText(`${text.length}/50`)).toBeInTheDocument();
    expect(await screen.findByText(m.messageLength)).toBeInTheDocument();
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);
  });

  test('a 201 says "Enhorabuena" / "Tu mensaje ha sido enviado", empties the form and reloads the history', async () => {
    const { user, api } = renderAt('/chat');
    await screen.findByRole('heading', { name: 'Enviar mensaje a un usuario' });
    await fillMessage(user, { Nombre: 'Ana', Email: 'ana.gomez@correo.com', Mensaje: 'Hola, te esperamos' });
    await user.click(screen.getByRole('button', { name: 'Enviar' }));

    await expectNotice('Enhorabuena', 'Tu mensaje ha sido enviado');
    expect(alert).not.toHaveBeenCalled();
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({
      user_name: 'Ana',
      user_email: 'ana.gomez@correo.com',
      user_message: 'Hola, te esperamos',
    });
    await waitFor(() => expect(field('Nombre')).toHaveValue(''));
    expect(field('Mensaje')).toHaveValue('');
    await waitFor(() => expect(api.calls.filter((call) => call.method === 'GET')).toHaveLength(2));
  });

  test('a failed send says "Ups" / "Tu mensaje no podido enviarse" only, and keeps what was written', async () => {
    const { user } = renderAt('/chat', 502);
    await screen.findByRole('heading', { name: 'Enviar mensaje a un usuario' });
    await fillMessage(user, { Nombre: 'Ana', Email: 'ana.gomez@correo.com', Mensaje: 'Hola, te esperamos' });
    await user.click(screen.getByRole('button', { name: 'Enviar' }));

    await waitFor(() =>
      expect(alert).toHaveBeenCalledWith(
        expect.objectContaining({ icon: 'error', title: 'Ups', text: 'Tu mensaje no podido enviarse' }),
      ),
    );
    expect(alert).toHaveBeenCalledTimes(1);
    expect(field('Mensaje')).toHaveValue('Hola, te esperamos');
  });

  test('the history lists each message with its outcome', async () => {
    renderAt('/chat');
    const history = await screen.findByRole('region', { name: 'Mensajes enviados' });
    const rows = await within(history).findAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(within(rows[1]!).getByText('Enviado')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('No enviado')).toBeInTheDocument();
    // A daily reminder waiting in the outbox: not sent yet, not failed either.
    expect(within(rows[3]!).getByText('En cola')).toBeInTheDocument();
  });

  test('message times read in 24-hour es-AR, in Tucumán', async () => {
    renderAt('/chat');
    const history = await screen.findByRole('region', { name: 'Mensajes enviados' });
    // 2026-03-01T12:00Z is 09:00 in Tucumán; an afternoon message reads 16:30, never "4:30 p. m."
    expect(await within(history).findAllByText('01/03/2026 09:00')).toHaveLength(3);
  });
});

describe('the per-client message form', () => {
  test('an unknown client says "El usuario no existe" and offers "Volver", not "Reintentar"', async () => {
    serveApi({
      'GET /v1/messages': () => ({ body: { messages: [] } }),
      'POST /v1/obtenerdatausuario': () => ({ status: 404, body: { error: { message: 'El usuario no existe' } } }),
    });
    render(
      <MemoryRouter initialEntries={['/chatparticular/nadie']}>
        <Routes>
          <Route path="/chatparticular/:idUsuario" element={<ClientChatPage />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(await screen.findByText('El usuario no existe')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver' })).toHaveAttribute('href', '/listadeusuarios');
    expect(screen.queryByRole('button', { name: 'Reintentar' })).toBeNull();
  });

  test('is prefilled from the client, follows the client e-mail rule and sends idUsuario', async () => {
    const { user, api } = renderAt('/chatparticular/demo-001');
    expect(await screen.findByDisplayValue('Lucía Fernández')).toBeInTheDocument();
    expect(field('Email')).toHaveValue('lucia.fernandez@correo.com');
    expect(field('Email')).toMatchObject({ minLength: 13 });
    expect(screen.getByRole('link', { name: 'Volver' })).toHaveAttribute('href', '/listadeusuarios');
    await fillMessage(user, { Email: 'a@correo.co' });
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText(m.clientEmailLength)).toBeInTheDocument();

    await fillMessage(user, { Email: 'lucia.fernandez@correo.com', Mensaje: 'Tu plan vence el lunes' });
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    await expectNotice('Enhorabuena');
    expect(api.calls.find((call) => call.path === '/v1/messages' && call.method === 'POST')?.body).toEqual({
      idUsuario: 'demo-001',
      user_name: 'Lucía Fernández',
      user_email: 'lucia.fernandez@correo.com',
      user_message: 'Tu plan vence el lunes',
    });
    await waitFor(() => expect(field('Mensaje')).toHaveValue(''));
    expect(field('Nombre')).toHaveValue('Lucía Fernández');
  });
});
