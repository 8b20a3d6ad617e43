import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { planMessages as m, type Plan } from '@gym/contracts/plans';
import { confirmAction, showAlert } from '@/components/alerts';
import { serveApi } from '@/test/api-server';
import { expectNotice, noticeText, renderNotices } from '@/test/notices';
import AddPlanPage from '../pages/add-plan-page';
import EditPlanPage from '../pages/edit-plan-page';
import PlansPage from '../pages/plans-page';
import { centavos } from '@gym/contracts/money';

jest.mock('@/components/alerts', () => ({
  showAlert: jest.fn(() => Promise.resolve()),
  confirmAction: jest.fn(),
}));
jest.setTimeout(20_000);

const confirm = jest.mocked(confirmAction);
const alert = jest.mocked(showAlert);

const aPlan = (idPlan: number, overrides: Partial<Plan> = {}): Plan => ({
  idPlan,
  codigoPlan: `plan-${idPlan}`,
  nombrePlan: `PLAN ${idPlan}`,
  description: 'CLASES CON ENTRENADOR',
  precio: 2500,
  cuotaMensualCentavos: centavos(2_800_000),
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

function renderAt(path: string, plans: Plan[], routes: Parameters<typeof serveApi>[0] = {}) {
  const api = serveApi({
    'GET /v1/obtenerlistadeplanes': () => ({ body: plans }),
    'POST /v1/obtenerdataplan': () => ({ body: [plans[0]] }),
    ...routes,
  });
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/planes" element={<PlansPage />} />
        <Route path="/agregarplan" element={<AddPlanPage />} />
        <Route path="/editarplan/:codigoPlan" element={<EditPlanPage />} />
      </Routes>
    </MemoryRouter>,
  );
  renderNotices();
  return { api, user: userEvent.setup() };
}

const field = (label: string) => screen.getByLabelText(label);

beforeEach(() => {
  confirm.mockReset();
  alert.mockClear();
});

describe('the plans grid', () => {
  test("each card shows '00' + number, name, description and '$ {precio} por hora'", async () => {
    renderAt('/planes', [aPlan(1, { nombrePlan: 'BOXEO', precio: 2500 })]);
    const card = (await screen.findByRole('article', { name: 'BOXEO' })) as HTMLElement;
    expect(within(card).getByText('001')).toBeInTheDocument();
    expect(within(card).getByText('CLASES CON ENTRENADOR')).toBeInTheDocument();
    expect(within(card).getByText('$ 2.500 por hora')).toBeInTheDocument();
    expect(within(card).getByText('Cuota mensual: $ 28.000')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Editar el plan BOXEO' })).toHaveAttribute(
      'href',
      '/editarplan/plan-1',
    );
    expect(screen.getByText(/Administre hasta 9 planes/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Agregar Plan' })).toHaveAttribute('href', '/agregarplan');
  });

  test("with 9 plans 'Agregar Plan' is disabled", async () => {
    renderAt(
      '/planes',
      [1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => aPlan(n)),
    );
    await screen.findByRole('article', { name: 'PLAN 9' });
    expect(screen.getByRole('button', { name: 'Agregar Plan' })).toBeDisabled();
    expect(screen.queryByRole('link', { name: 'Agregar Plan' })).not.toBeInTheDocument();
  });

  test('a delete asks first, then says "Plan eliminado Correctamente"; a plan in use shows the API\'s reason', async () => {
    let inUse = false;
    const { user, api } = renderAt('/planes', [aPlan(1, { nombrePlan: 'BOXEO' })], {
      'POST /v1/borrarPlan': () =>
        inUse ? { status: 409, body: { error: { message: m.inUse } } } : { body: { message: m.deleted } },
    });
    await screen.findByRole('article', { name: 'BOXEO' });
    confirm.mockResolvedValue(true);
    await user.click(screen.getByRole('button', { name: 'Borrar el plan BOXEO' }));
    expect(confirm).toHaveBeenCalledWith(
      expect.objectContaining({ text: 'Se perderán para siempre', confirmText: 'Si, borrar!' }),
    );
    await expectNotice(m.deleted);
    expect(api.calls.find((call) => call.path === '/v1/borrarPlan')?.body).toEqual({ codigoPlan: 'plan-1' });

    inUse = true;
    await user.click(screen.getByRole('button', { name: 'Borrar el plan BOXEO' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith(expect.objectContaining({ icon: 'error', text: m.inUse })));
  });
});

describe('the plan form', () => {
  test('carries the ranges as native constraints (amounts: the money input) and shows the contracts messages', async () => {
    const { user, api } = renderAt('/agregarplan', [aPlan(1)]);
    expect(await screen.findByLabelText('Número de plan')).toHaveValue(2);
    expect(field('Número de plan')).toMatchObject({ min: '1', max: '9', required: true });
    expect(field('Nombre del plan')).toMatchObject({ required: true });
    expect(field('Descripción')).toMatchObject({ required: true });
    expect(screen.getByText('0/30')).toBeInTheDocument();
    expect(screen.getByText('0/80')).toBeInTheDocument();
    for (const amount of ['Precio por hora', 'Cuota mensual ($)']) {
      expect(field(amount)).toMatchObject({ type: 'text', required: true });
      expect(field(amount)).toHaveAttribute('inputmode', 'decimal');
    }

    await user.clear(field('Número de plan'));
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    for (const message of [
      m.idPlanRequired,
      m.nombrePlanRequired,
      m.descriptionRequired,
      m.precioRequired,
      m.cuotaRequired,
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    await user.type(field('Número de plan'), '10');
    await user.type(field('Precio por hora'), '999');
    expect(await screen.findByText(m.idPlanRange)).toBeInTheDocument();
    expect(await screen.findByText(m.precioRange)).toBeInTheDocument();
    expect(api.calls.some((call) => call.path === '/v1/agregarplan')).toBe(false);
  });

  test('an add upper-cases name and description, says "Usuario agregado exitosamente" and returns to /planes', async () => {
    const { user, api } = renderAt('/agregarplan', [aPlan(1)], {
      'POST /v1/agregarplan': ({ body }) => ({ status: 201, body }),
    });
    await screen.findByLabelText('Número de plan');
    await user.type(field('Nombre del plan'), 'Funcional');
    await user.type(field('Descripción'), 'circuito en grupo');
    await user.type(field('Precio por hora'), '3000');
    await user.type(field('Cuota mensual ($)'), '32000');
    expect(field('Nombre del plan')).toHaveValue('FUNCIONAL');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));

    expect(await screen.findByRole('heading', { name: 'Planes' })).toBeInTheDocument();
    await expectNotice(m.added);
    expect(api.calls.find((call) => call.path === '/v1/agregarplan')?.body).toEqual({
      idPlan: 2,
      nombrePlan: 'FUNCIONAL',
      description: 'CIRCUITO EN GRUPO',
      precio: 3000,
      cuotaMensualCentavos: 3_200_000,
      codigoPlan: expect.stringMatching(/^p-[0-9a-f]{8}$/),
    });
  });

  test.each([
    ['7.400', '7.400', [7400, 740_000]],
    ['7400', '7.400', [7400, 740_000]],
    ['7.400,50', '7.400,50', [7400.5, 740_050]],
    ['7,4', '7,4', 'nothing: 7,40 is below both ranges'],
  ])('both amounts typed "%s" show "%s"; sent (pesos, centavos): %s', async (typed, shown, sent) => {
    const { user, api } = renderAt('/agregarplan', [aPlan(1)], {
      'POST /v1/agregarplan': ({ body }) => ({ status: 201, body }),
    });
    await screen.findByLabelText('Número de plan');
    await user.type(field('Nombre del plan'), 'Funcional');
    await user.type(field('Descripción'), 'circuito en grupo');
    await user.type(field('Precio por hora'), typed);
    await user.type(field('Cuota mensual ($)'), typed);
    expect([field('Precio por hora'), field('Cuota mensual ($)')].map((f) => (f as HTMLInputElement).value)).toEqual([
      shown,
      shown,
    ]);
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    if (typeof sent === 'string') {
      // 7,40 pesos: read, and below each range, with each rule's own message.
      expect(await screen.findByText(m.precioRange)).toBeInTheDocument();
      expect(await screen.findByText(m.cuotaRange)).toBeInTheDocument();
      expect(api.calls.some((call) => call.path === '/v1/agregarplan')).toBe(false);
      return;
    }
    await screen.findByRole('heading', { name: 'Planes' });
    expect(api.calls.find((call) => call.path === '/v1/agregarplan')?.body).toMatchObject({
      precio: sent[0],
      cuotaMensualCentavos: sent[1],
    });
  });

  test("a 10th plan refused by the API shows the API's message", async () => {
    const { user } = renderAt('/agregarplan', [aPlan(1)], {
      'POST /v1/agregarplan': () => ({ status: 409, body: { error: { message: m.full } } }),
    });
    await screen.findByLabelText('Número de plan');
    await user.type(field('Nombre del plan'), 'Extra');
    await user.type(field('Descripción'), 'Extra');
    await user.type(field('Precio por hora'), '3000');
    await user.type(field('Cuota mensual ($)'), '30000');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith(expect.objectContaining({ icon: 'error', text: m.full })));
    expect(screen.getByRole('heading', { name: 'Agregar plan' })).toBeInTheDocument();
  });

  test('an edit is prefilled from the server, says "Plan editado Exitosamente" and returns to /planes', async () => {
    const { user, api } = renderAt('/editarplan/plan-1', [aPlan(1)], {
      'POST /v1/actualizarplan': ({ body }) => ({ body }),
    });
    expect(await screen.findByDisplayValue('PLAN 1')).toBeInTheDocument();
    expect(field('Precio por hora')).toHaveValue('2.500');
    expect(field('Cuota mensual ($)')).toHaveValue('28.000');
    await user.clear(field('Precio por hora'));
    await user.type(field('Precio por hora'), '4000');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByRole('heading', { name: 'Planes' })).toBeInTheDocument();
    await expectNotice(m.edited);
    expect(api.calls.find((call) => call.path === '/v1/obtenerdataplan')?.body).toEqual({ codigoPlan: 'plan-1' });
    expect(api.calls.find((call) => call.path === '/v1/actualizarplan')?.body).toMatchObject({
      codigoPlan: 'plan-1',
      precio: 4000,
      cuotaMensualCentavos: 2_800_000,
      updatedAt: '2026-11-20T10:00:00.000Z',
    });
  });

  test("a save over someone else's newer one shows the 409 message, keeps the form and offers to reload", async () => {
    let stored = aPlan(1);
    const { user, api } = renderAt('/editarplan/plan-1', [aPlan(1)], {
      'POST /v1/obtenerdataplan': () => ({ body: [stored] }),
      'POST /v1/actualizarplan': () => ({ status: 409, body: { error: { message: m.stale } } }),
    });
    expect(await screen.findByDisplayValue('PLAN 1')).toBeInTheDocument();
    stored = aPlan(1, { nombrePlan: 'PLAN RENOVADO', updatedAt: '2026-11-21T09:00:00.000Z' });
    confirm.mockResolvedValueOnce(false);
    await user.clear(field('Precio por hora'));
    await user.type(field('Precio por hora'), '4000');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() =>
      expect(confirm).toHaveBeenLastCalledWith(
        expect.objectContaining({ title: m.stale, confirmText: 'Recargar', cancelText: 'Seguir editando' }),
      ),
    );
    expect(screen.getByDisplayValue('4.000')).toBeInTheDocument();
    expect(noticeText()).not.toContain(m.edited);

    confirm.mockResolvedValueOnce(true);
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByDisplayValue('PLAN RENOVADO')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Editar plan' })).toBeInTheDocument();
    expect(api.calls.filter((call) => call.path === '/v1/obtenerdataplan')).toHaveLength(2);
  });
});
