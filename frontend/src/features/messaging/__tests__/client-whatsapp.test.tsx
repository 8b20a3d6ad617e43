import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import {
  whatsappDeskMessages as wd,
  type WhatsappConsentView,
  type WhatsappMessageView,
} from '@gym/contracts/whatsapp';
import { serveApi } from '@/test/api-server';
import { AuthProvider } from '../../auth';
import { RequireStaff } from '../../auth/staff';
import { ClientWhatsapp } from '../components/client-whatsapp';
import { WhatsappFailures } from '../components/whatsapp-failures';

const message = (over: Partial<WhatsappMessageView>): WhatsappMessageView => ({
  id: 'm1',
  idUsuario: 'demo-001',
  canal: 'whatsapp',
  plantilla: 'cuota_por_vencer',
  estado: 'queued',
  respaldo: null,
  error: null,
  intentos: 1,
  createdAt: '2026-11-25T12:00:00.000Z',
  sentAt: null,
  deliveredAt: null,
  readAt: null,
  failedAt: null,
  ...over,
});

function asStaff(role: 'recepcion' | 'entrenador', routes: Parameters<typeof serveApi>[0]) {
  const api = serveApi({
    'GET /v1/auth/me': () => ({
      body: { user: { _id: 'a1', name: 'Leo', lastname: 'Díaz', email: 'leo@gym.com', role } },
    }),
    ...routes,
  });
  render(
    <AuthProvider>
      <MemoryRouter>
        <RequireStaff>
          <ClientWhatsapp idUsuario="demo-001" />
        </RequireStaff>
      </MemoryRouter>
    </AuthProvider>,
  );
  return api;
}

describe("a client's WhatsApp at the desk (issue 46)", () => {
  test('the messages with their status and time, and a consent recorded in person', async () => {
    let consent: WhatsappConsentView = { acepta: null, origen: null, registradoPor: null, at: null, configurado: true };
    const api = asStaff('recepcion', {
      'GET /v1/clientes/demo-001/whatsapp': () => ({ body: consent }),
      'PUT /v1/clientes/demo-001/whatsapp': ({ body }) => {
        consent = { ...consent, acepta: (body as { acepta: boolean }).acepta, origen: 'desk', registradoPor: 'a1' };
        return { body: consent };
      },
      'GET /v1/clientes/demo-001/mensajes': () => ({
        body: {
          mensajes: [
            message({
              id: 'm2',
              estado: 'read',
              sentAt: '2026-11-25T12:00:05.000Z',
              readAt: '2026-11-25T13:30:00.000Z',
            }),
            message({
              id: 'm1',
              plantilla: 'cuota_vencida',
              estado: 'failed',
              respaldo: 'email',
              error: 'El número no tiene WhatsApp o no se le pudo entregar: se mandó por e-mail.',
              failedAt: '2026-11-24T15:00:00.000Z',
            }),
          ],
        },
      }),
    });
    expect(await screen.findByTestId('whatsapp-consent')).toHaveTextContent(
      wd.consentLine({ acepta: null, origen: null }),
    );
    const items = within(screen.getByRole('list', { name: 'Mensajes por WhatsApp' })).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      'Leído25/11/2026 10:30 · Cuota por vencer',
      'Falló24/11/2026 12:00 · Cuota vencida · se mandó por e-mailEl número no tiene WhatsApp o no se le pudo entregar: se mandó por e-mail.',
    ]);

    await userEvent.click(screen.getByRole('button', { name: wd.recordYes }));
    await waitFor(() =>
      expect(screen.getByTestId('whatsapp-consent')).toHaveTextContent(
        'Acepta mensajes por WhatsApp (en la recepción).',
      ),
    );
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({ acepta: true });
    expect(screen.getByRole('button', { name: wd.recordYes })).toBeDisabled();
  });

  test('a trainer sees them but records nothing', async () => {
    asStaff('entrenador', {
      'GET /v1/clientes/demo-001/whatsapp': () => ({
        body: {
          acepta: false,
          origen: 'reply',
          registradoPor: null,
          at: '2026-11-25T12:00:00.000Z',
          configurado: true,
        },
      }),
      'GET /v1/clientes/demo-001/mensajes': () => ({ body: { mensajes: [] } }),
    });
    expect(await screen.findByTestId('whatsapp-consent')).toHaveTextContent(
      'No acepta mensajes por WhatsApp (respondiendo BAJA).',
    );
    expect(screen.getByText(wd.noMessages)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: wd.recordYes })).not.toBeInTheDocument();
  });
});

describe("the panel's WhatsApp failures (issue 46)", () => {
  const renderFailures = (routes: Parameters<typeof serveApi>[0]) => {
    const api = serveApi(routes);
    const view = render(
      <MemoryRouter>
        <WhatsappFailures />
      </MemoryRouter>,
    );
    return { api, ...view };
  };

  test('each failure names the client, the template and why (an unknown template by its name)', async () => {
    const { api } = renderFailures({
      'GET /v1/whatsapp/mensajes': () => ({
        body: {
          configurado: true,
          mensajes: [
            {
              ...message({ estado: 'failed', plantilla: 'promo_de_verano', failedAt: '2026-11-25T12:00:00.000Z' }),
              nombre: 'Ana Pérez',
              respaldo: 'email',
              error:
                'La plantilla «promo_de_verano» no está registrada en WhatsApp Manager (es_AR): registrala con ese nombre para que se envíe.',
            },
          ],
        },
      }),
    });
    const card = await screen.findByTestId('whatsapp-failures');
    expect(within(card).getByRole('heading')).toHaveTextContent(wd.failuresTitle);
    expect(within(card).getByRole('link', { name: 'Ana Pérez' })).toHaveAttribute('href', '/clientes/ver/demo-001');
    expect(card).toHaveTextContent('promo_de_verano · 25/11/2026 09:00 · se mandó por e-mail');
    expect(card).toHaveTextContent('La plantilla «promo_de_verano» no está registrada en WhatsApp Manager (es_AR)');
    expect(api.calls[0]!.path).toBe('/v1/whatsapp/mensajes');
  });

  test('nothing while there are no failures, or WhatsApp is not set up', async () => {
    for (const configurado of [true, false]) {
      const { api, container, unmount } = renderFailures({
        'GET /v1/whatsapp/mensajes': () => ({ body: { configurado, mensajes: [] } }),
      });
      await waitFor(() => expect(api.calls).toHaveLength(1));
      expect(container).toBeEmptyDOMElement();
      unmount();
    }
  });
});
