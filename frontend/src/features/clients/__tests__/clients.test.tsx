import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { clientDeleteQuestion, clientMessages as m, type ArchivedClient, type Client } from '@gym/contracts/clients';
import type { Plan } from '@gym/contracts/plans';
import { confirmAction, showAlert } from '@/components/alerts';
import { serveApi } from '@/test/api-server';
import { expectNotice, renderNotices } from '@/test/notices';
import AddClientPage from '../pages/add-client-page';
import ArchivedClientsPage from '../pages/archived-clients-page';
import ViewClientPage from '../pages/view-client-page';
import ClientListPage from '../pages/client-list-page';
import EditClientPage from '../pages/edit-client-page';
import { centavos } from '@gym/contracts/money';

jest.mock('@/components/alerts', () => ({
  showAlert: jest.fn(() => Promise.resolve()),
  confirmAction: jest.fn(),
}));
jest.setTimeout(20_000);

const confirm = jest.mocked(confirmAction);
const alert = jest.mocked(showAlert);

const PLANS: Plan[] = [
  {
    idPlan: 1,
    codigoPlan: 'plan-boxeo',
    nombrePlan: 'BOXEO',
    description: 'CLASES',
    precio: 2500,
    cuotaMensualCentavos: centavos(2_500_000),
    updatedAt: '2026-11-20T10:00:00.000Z',
  },
  {
    idPlan: 2,
    codigoPlan: 'plan-yoga',
    nombrePlan: 'YOGA',
    description: 'CLASES',
    precio: 2000,
    cuotaMensualCentavos: centavos(2_000_000),
    updatedAt: '2026-11-20T10:00:00.000Z',
  },
];

const aClient = (overrides: Partial<Client> = {}): Client => ({
  idUsuario: 'demo-001',
  nombre: 'Lucía Fernández',
  edad: 24,
  correo: 'lucia.fernandez@correo.com',
  celular: 3815123401,
  plan: 1,
  turno: 'Mañana',
  entrenador: 'Martín Gómez',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

type Routes = Parameters<typeof serveApi>[0];

function renderAt(path: string, routes: Routes = {}) {
  const api = serveApi({
    'GET /v1/obtenerlistadeplanes': () => ({ body: PLANS }),
    'GET /v1/obtenerlistadeusuarios': () => ({
      body: [aClient(), aClient({ idUsuario: 'demo-002', nombre: 'Juan Pérez' })],
    }),
    'POST /v1/obtenerdatausuario': () => ({ body: [aClient()] }),
    'GET /v1/clients/status': () => ({
      body: [
        { idUsuario: 'demo-001', membresia: 'al día', aptoValido: true },
        { idUsuario: 'demo-002', membresia: 'vencida', aptoValido: false },
      ],
    }),
    ...routes,
  });
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/listadeusuarios" element={<ClientListPage />} />
        <Route path="/clientes/archivados" element={<ArchivedClientsPage />} />
        <Route path="/clientes/ver/:idUsuario" element={<ViewClientPage />} />
        <Route path="/agregarusuario" element={<AddClientPage />} />
        <Route path="/editarusuario/:idUsuario" element={<EditClientPage />} />
      </Routes>
    </MemoryRouter>,
  );
  renderNotices();
  return { api, user: userEvent.setup() };
}

const field = (label: string) => screen.getByLabelText(label);

async function fillClient(user: ReturnType<typeof userEvent.setup>, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    await user.clear(field(label));
    if (value) await user.type(field(label), value);
  }
}

beforeEach(() => {
  confirm.mockReset();
  alert.mockClear();
});

describe('the client form', () => {
  test('carries the SPEC §5 rules as native constraints', async () => {
    renderAt('/agregarusuario');
    await screen.findByLabelText('Plan');
    expect(field('Nombre y apellido')).toMatchObject({ required: true, minLength: 3 });
    expect(field('Edad')).toMatchObject({ type: 'number', required: true, min: '10', max: '100' });
    expect(field('Email')).toMatchObject({ type: 'email', required: true, minLength: 13 });
    // a phone number, typed as one: no spin arrows, a numeric keypad
    expect(field('Celular')).toMatchObject({ type: 'tel', inputMode: 'numeric', pattern: '[0-9]{10,12}' });
    expect(
      within(field('Plan'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Elegí un plan', '001 · BOXEO', '002 · YOGA']);
  });

  test('nothing typed is cut: past 15 characters the name keeps them all, counts them and says the rule at once', async () => {
    const { user } = renderAt('/agregarusuario');
    await screen.findByLabelText('Plan');
    const name = field('Nombre y apellido') as HTMLInputElement;
    expect(name).not.toHaveAttribute('maxLength');
    expect(screen.getByText('0/15')).toBeInTheDocument();
    await user.type(name, 'María José Pereyra');
    expect(name.value).toBe('María José Pereyra');
    expect(screen.getByText('18/15')).toBeInTheDocument();
    expect(await screen.findByText(m.nombreLength)).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
  });

  test('shows the contracts messages: required, then lengths and ranges', async () => {
    const { user, api } = renderAt('/agregarusuario');
    await screen.findByLabelText('Plan');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    for (const message of [m.nombreRequired, m.edadRequired, m.correoRequired, m.celularRequired, m.planRequired]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    await fillClient(user, { 'Nombre y apellido': 'Al', Edad: '9', Email: 'a@b.co', Celular: '123' });
    for (const message of [m.nombreLength, m.edadRange, m.correoLength, m.celularRange]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    await fillClient(user, { Email: 'sin-arroba.correo.com' });
    expect(await screen.findByText(m.correoInvalid)).toBeInTheDocument();
    expect(api.calls.some((call) => call.path === '/v1/agregarusuario')).toBe(false);
  });

  test('an add waits for the server, says "Listo" / "Usuario agregado exitosamente" and goes to the list', async () => {
    const { user, api } = renderAt('/agregarusuario', {
      'POST /v1/agregarusuario': ({ body }) => ({ status: 201, body: aClient(body as Partial<Client>) }),
    });
    await screen.findByLabelText('Plan');
    await fillClient(user, {
      'Nombre y apellido': 'Ana Gómez',
      Edad: '30',
      Email: 'ana.gomez@correo.com',
      Celular: '3815550000',
    });
    await user.selectOptions(field('Plan'), '002 · YOGA');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));

    expect(await screen.findByRole('heading', { name: 'Lista de usuarios' })).toBeInTheDocument();
    await expectNotice(m.addedTitle, m.added);
    const sent = api.calls.find((call) => call.path === '/v1/agregarusuario')?.body;
    expect(sent).toEqual({
      nombre: 'Ana Gómez',
      edad: 30,
      correo: 'ana.gomez@correo.com',
      celular: 3815550000,
      plan: 2,
      idUsuario: expect.stringMatching(/^u-[0-9a-f]{8}$/),
    });
  });

  test("a refused add shows the server's reason on the field and stays", async () => {
    const { user } = renderAt('/agregarusuario', {
      'POST /v1/agregarusuario': () => ({
        status: 400,
        body: { error: { message: m.planUnknown, fields: { plan: m.planUnknown } } },
      }),
    });
    await screen.findByLabelText('Plan');
    await fillClient(user, {
      'Nombre y apellido': 'Ana Gómez',
      Edad: '30',
      Email: 'ana.gomez@correo.com',
      Celular: '3815550000',
    });
    await user.selectOptions(field('Plan'), '001 · BOXEO');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(m.planUnknown)).toBeInTheDocument();
    expect(alert).toHaveBeenCalledWith(expect.objectContaining({ icon: 'error', text: m.planUnknown }));
    expect(screen.getByRole('heading', { name: 'Agregar usuario' })).toBeInTheDocument();
  });

  test('the edit is prefilled from the server and sends the version it started from', async () => {
    const { user, api } = renderAt('/editarusuario/demo-001', {
      'POST /v1/actualizarusuario': ({ body }) => ({ body: aClient(body as Partial<Client>) }),
    });
    expect(await screen.findByDisplayValue('Lucía Fernández')).toBeInTheDocument();
    expect(field('Plan')).toHaveValue('1');
    await fillClient(user, { Edad: '25' });
    await user.click(screen.getByRole('button', { name: 'Editar' }));
    expect(await screen.findByRole('heading', { name: 'Lista de usuarios' })).toBeInTheDocument();
    expect(api.calls.find((call) => call.path === '/v1/obtenerdatausuario')?.body).toEqual({ idUsuario: 'demo-001' });
    expect(api.calls.find((call) => call.path === '/v1/actualizarusuario')?.body).toMatchObject({
      idUsuario: 'demo-001',
      edad: 25,
      updatedAt: '2026-01-01T00:00:00.000Z',
    });
  });

  test('an edit over a newer save shows the stale message and offers to reload', async () => {
    const { user, api } = renderAt('/editarusuario/demo-001', {
      'POST /v1/actualizarusuario': () => ({ status: 409, body: { error: { message: m.stale } } }),
    });
    await screen.findByDisplayValue('Lucía Fernández');
    confirm.mockResolvedValueOnce(true);
    await user.click(screen.getByRole('button', { name: 'Editar' }));
    await waitFor(() => expect(confirm).toHaveBeenCalledWith(expect.objectContaining({ title: m.stale })));
    await waitFor(() => expect(api.calls.filter((call) => call.path === '/v1/obtenerdatausuario')).toHaveLength(2));
  });
});

describe('the client list', () => {
  test('shows code, name, age, email, phone, plan and actions; searches in the browser', async () => {
    const { user } = renderAt('/listadeusuarios');
    const row = (await screen.findByRole('cell', { name: 'Lucía Fernández' })).closest('tr')!;
    expect(within(row).getByRole('cell', { name: 'demo-001' })).toBeInTheDocument();
    expect(await within(row).findByRole('cell', { name: '001 · BOXEO' })).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Mensaje a Lucía Fernández' })).toHaveAttribute(
      'href',
      '/chatparticular/demo-001',
    );
    expect(within(row).getByRole('link', { name: 'Editar a Lucía Fernández' })).toHaveAttribute(
      'href',
      '/editarusuario/demo-001',
    );
    await user.type(screen.getByRole('searchbox', { name: 'Buscar usuario' }), 'juan');
    expect(screen.queryByText('Lucía Fernández')).not.toBeInTheDocument();
    expect(screen.getByText('Juan Pérez')).toBeInTheDocument();
  });

  test('says, read-only, whether each membership is current and the apto físico valid', async () => {
    renderAt('/listadeusuarios');
    const lucia = (await screen.findByRole('cell', { name: 'Lucía Fernández' })).closest('tr')!;
    const juan = screen.getByRole('cell', { name: 'Juan Pérez' }).closest('tr')!;
    expect(await within(lucia).findByRole('cell', { name: 'al día apto vigente' })).toHaveAttribute(
      'data-label',
      'Membresía y apto',
    );
    expect(within(juan).getByRole('cell', { name: 'vencida sin apto vigente' })).toBeInTheDocument();
  });

  test('when the plans or the states fail to load, the list still shows the plan number', async () => {
    renderAt('/listadeusuarios', {
      'GET /v1/obtenerlistadeplanes': () => ({ status: 500, body: { error: { message: 'Falló' } } }),
      'GET /v1/clients/status': () => ({ status: 500, body: { error: { message: 'Falló' } } }),
    });
    const row = (await screen.findByRole('cell', { name: 'Lucía Fernández' })).closest('tr')!;
    expect(await within(row).findByRole('cell', { name: '001' })).toBeInTheDocument();
    expect(within(row).getByRole('cell', { name: '—' })).toHaveAttribute('data-label', 'Membresía y apto');
  });

  test('a delete asks with the spec texts, then says "Usuario Eliminado Correctamente" and reloads', async () => {
    const { user, api } = renderAt('/listadeusuarios', {
      'POST /v1/borrarusuario': () => ({ body: { message: m.deleted, archived: false } }),
    });
    await screen.findByRole('cell', { name: 'Lucía Fernández' });
    confirm.mockResolvedValueOnce(false).mockResolvedValueOnce(true);
    await user.click(screen.getByRole('button', { name: 'Borrar a Lucía Fernández' }));
    expect(confirm).toHaveBeenCalledWith(
      expect.objectContaining({
        title: clientDeleteQuestion('demo-001'),
        text: 'Se perderán para siempre',
        confirmText: 'Si, borrar!',
      }),
    );
    expect(api.calls.some((call) => call.path === '/v1/borrarusuario')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Borrar a Lucía Fernández' }));
    await expectNotice(m.deleted);
    expect(api.calls.find((call) => call.path === '/v1/borrarusuario')?.body).toEqual({ idUsuario: 'demo-001' });
    await waitFor(() => expect(api.calls.filter((call) => call.path === '/v1/obtenerlistadeusuarios')).toHaveLength(2));
  });

  test('deleting a client with payments says it was archived with its history', async () => {
    const { user } = renderAt('/listadeusuarios', {
      'POST /v1/borrarusuario': () => ({ body: { message: m.deleted, archived: true } }),
    });
    await screen.findByRole('cell', { name: 'Lucía Fernández' });
    confirm.mockResolvedValueOnce(true);
    await user.click(screen.getByRole('button', { name: 'Borrar a Lucía Fernández' }));
    await expectNotice(
      'Usuario Eliminado Correctamente',
      'Tenía pagos, pedidos o clases registrados, así que quedó archivado con su historial: ya no aparece en las listas y el dueño puede restaurarlo.',
    );
  });

  test('an empty list says so', async () => {
    renderAt('/listadeusuarios', { 'GET /v1/obtenerlistadeusuarios': () => ({ body: [] }) });
    expect(await screen.findByText('Todavía no hay usuarios cargados.')).toBeInTheDocument();
  });
});

describe('the owner’s archive (/clientes/archivados)', () => {
  const archived: ArchivedClient = {
    client: aClient({ idUsuario: 'demo-009', nombre: 'Rita Archivada', correo: 'rita.archivada@correo.com' }),
    archivedAt: '2026-11-20T13:30:00.000Z',
    archivedBy: 'recepcion@gym.com',
    history: { pagos: 2, totalPagadoCentavos: centavos(1_500_000), pedidos: 1, clases: 0, enviosDelSocio: 1 },
  };

  test('shows who was archived, when, by whom and what they keep, and restores one', async () => {
    let restored = false;
    const { user, api } = renderAt('/clientes/archivados', {
      'GET /v1/clients/archived': () => ({ body: { clients: restored ? [] : [archived] } }),
      'POST /v1/clients/demo-009/restore': () => {
        restored = true;
        return { body: archived.client };
      },
    });
    expect(await screen.findByText('Rita Archivada')).toBeInTheDocument();
    expect(screen.getByText('rita.archivada@correo.com')).toBeInTheDocument();
    expect(screen.getByRole('listitem')).toHaveTextContent(
      'Archivado el 20/11/2026 10:30 por recepcion@gym.com · 2 pagos por $ 15.000 · 1 pedido · 1 pago online o comprobante',
    );

    confirm.mockResolvedValueOnce(true);
    await user.click(screen.getByRole('button', { name: 'Restaurar a Rita Archivada' }));
    expect(confirm).toHaveBeenCalledWith(expect.objectContaining({ title: '¿Restaurar a Rita Archivada?' }));
    await expectNotice(m.restored);
    expect(api.calls.some((call) => call.path === '/v1/clients/demo-009/restore')).toBe(true);
    expect(await screen.findByText('No hay clientes archivados.')).toBeInTheDocument();
  });
});

describe('a client read-only (/clientes/ver/:id), as a trainer sees one', () => {
  test('shows the data, the shift and trainer, the plan by name and the membership, with nothing to edit', async () => {
    renderAt('/clientes/ver/demo-001', {
      'GET /v1/clients/status': () => ({ body: [{ idUsuario: 'demo-001', membresia: 'vencida', aptoValido: true }] }),
    });
    expect(await screen.findByRole('heading', { name: 'Lucía Fernández' })).toBeInTheDocument();
    expect(screen.getByText('lucia.fernandez@correo.com')).toBeInTheDocument();
    expect(screen.getByText('001 · BOXEO')).toBeInTheDocument();
    expect(screen.getByText('Martín Gómez')).toBeInTheDocument();
    expect(screen.getByText('vencida')).toBeInTheDocument();
    expect(screen.getByText('apto vigente')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver' })).toHaveAttribute('href', '/listadeusuarios');
  });
});
