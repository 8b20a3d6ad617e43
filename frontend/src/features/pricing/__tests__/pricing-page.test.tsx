import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { formatMoney } from '@gym/contracts/format-money';
import { centavos } from '@gym/contracts/money';
import { moneyInputMessages } from '@gym/contracts/money-input';
import { pricingMessages, type PricePreview } from '@gym/contracts/pricing';
import { confirmAction } from '@/components/alerts';
import { serveApi } from '@/test/api-server';
import { expectNotice, renderNotices } from '@/test/notices';
import { PriceNoticeBanner } from '..';
import PricingPage from '../pages/pricing-page';

jest.mock('@/components/alerts', () => ({
  showAlert: jest.fn(() => Promise.resolve()),
  confirmAction: jest.fn(),
}));
jest.setTimeout(20_000);
const confirm = jest.mocked(confirmAction);

const plan = {
  idPlan: 1,
  nombrePlan: 'MUSCULACION',
  description: 'SALA',
  precio: 1500,
  cuotaMensualCentavos: centavos(1_000_000),
  codigoPlan: 'p1',
  updatedAt: '2026-11-01T00:00:00.000Z',
};
const preview: PricePreview = {
  fecha: '2026-12-27',
  tipo: 'porcentaje',
  porcentaje: 7.3,
  mesIpc: null,
  planes: [
    {
      idPlan: 1,
      nombrePlan: 'MUSCULACION',
      cuotaActualCentavos: centavos(1_000_000),
      cuotaNuevaCentavos: centavos(1_070_000),
    },
  ],
  afectados: [
    {
      idUsuario: 'ana',
      nombre: 'Ana Paz',
      idPlan: 1,
      cuotaActualCentavos: centavos(1_000_000),
      cuotaNuevaCentavos: centavos(1_070_000),
      pagadoHasta: '2026-12-01',
    },
  ],
  excluidos: [
    {
      idUsuario: 'beto',
      nombre: 'Beto Ruiz',
      idPlan: 1,
      cuotaActualCentavos: centavos(1_000_000),
      cuotaNuevaCentavos: centavos(1_070_000),
      pagadoHasta: '2027-03-01',
      motivo: 'prepago',
      motivoTexto: 'Pagó por adelantado más allá de la fecha: conserva el precio por los meses pagados',
    },
  ],
  ingresoMensualAntesCentavos: centavos(2_000_000),
  ingresoMensualDespuesCentavos: centavos(2_070_000),
  productos: { categorias: [], cantidad: 0, ejemplos: [] },
};

const renderPage = () =>
  render(
    <MemoryRouter initialEntries={['/admin/precios']}>
      <PricingPage />
    </MemoryRouter>,
  );

const baseApi = {
  'GET /v1/obtenerlistadeplanes': () => ({ body: [plan] }),
  'GET /v1/precios/ipc': () => ({
    body: {
      mes: '2026-10',
      valor: 12880.14,
      variacionMensual: 2.1,
      fuente: 'api',
      leidoEn: '2026-11-20T10:00:00.000Z',
    },
  }),
  'GET /v1/precios/cambios': () => ({ body: { cambios: [] } }),
};

describe('the Precios screen', () => {
  test('the IPC, a preview of a percentage with who is left out and why, then the change scheduled', async () => {
    const api = serveApi({
      ...baseApi,
      'POST /v1/precios/cambios/preview': () => ({ body: preview }),
      'POST /v1/precios/cambios': () => ({
        status: 201,
        body: {
          id: 'c1',
          fecha: preview.fecha,
          tipo: 'porcentaje',
          valor: 7.3,
          estado: 'avisado',
          planes: preview.planes,
        },
      }),
    });
    confirm.mockResolvedValue(true);
    renderNotices();
    renderPage();
    expect(await screen.findByTestId('ipc')).toHaveTextContent('2026-10: 2,1 %');
    await userEvent.click(await screen.findByLabelText(/MUSCULACION/));
    await userEvent.type(screen.getByLabelText('Porcentaje (%)'), '7,3');
    await userEvent.clear(screen.getByLabelText('Desde el'));
    await userEvent.type(screen.getByLabelText('Desde el'), '2026-12-27');
    await userEvent.click(screen.getByRole('button', { name: 'Ver vista previa' }));
    const table = await screen.findByRole('table', { name: 'Socios del cambio' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['Ana Paz', 'MUSCULACION', formatMoney(centavos(1_000_000)), formatMoney(centavos(1_070_000)), '—'],
      ['Beto Ruiz', 'MUSCULACION', formatMoney(centavos(1_000_000)), '—', preview.excluidos[0]!.motivoTexto],
    ]);
    expect(screen.getByTestId('preview-income').textContent).toBe(
      `Ingreso esperado del mes: ${formatMoney(centavos(2_000_000))} → ${formatMoney(centavos(2_070_000))}`,
    );
    const sent = api.calls.find((c) => c.path === '/v1/precios/cambios/preview')?.body;
    expect(sent).toEqual({
      fecha: '2026-12-27',
      tipo: 'porcentaje',
      valor: 7.3,
      redondeoCentavos: 10000,
      planes: [1],
      confirmado: false,
    });
    await userEvent.click(screen.getByRole('button', { name: 'Programar cambio' }));
    await expectNotice('Cambio programado: avisamos a los socios.');
    expect(api.calls.filter((c) => c.method === 'POST' && c.path === '/v1/precios/cambios')).toHaveLength(1);
  });

  test("a refused input shows the API's Spanish reason", async () => {
    const reason = pricingMessages.dateTooSoon(30, '27/12/2026');
    serveApi({
      ...baseApi,
      'POST /v1/precios/cambios/preview': () => ({ status: 400, body: { error: { message: reason } } }),
    });
    renderPage();
    await userEvent.click(await screen.findByLabelText(/MUSCULACION/));
    await userEvent.type(screen.getByLabelText('Porcentaje (%)'), '5');
    await userEvent.click(screen.getByRole('button', { name: 'Ver vista previa' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(reason);
    expect(screen.getByRole('button', { name: 'Programar cambio' })).toBeDisabled();
  });

  test('while the IPC cannot be read the owner is told why a change by IPC waits', async () => {
    serveApi({
      ...baseApi,
      'GET /v1/precios/ipc': () => ({ status: 409, body: { error: { message: pricingMessages.noIpc } } }),
    });
    renderPage();
    await waitFor(() => expect(screen.getByText(pricingMessages.noIpc)).toBeInTheDocument());
  });
});

describe('the form shows each mistake under its field, and sends nothing', () => {
  const previews = (api: ReturnType<typeof serveApi>) =>
    api.calls.filter((c) => c.path === '/v1/precios/cambios/preview');
  const previewButton = () => screen.getByRole('button', { name: 'Ver vista previa' });

  test('an empty percentage, then one of 0, then a fall of 100 % or more', async () => {
    const api = serveApi({ ...baseApi, 'POST /v1/precios/cambios/preview': () => ({ body: preview }) });
    renderPage();
    await userEvent.click(await screen.findByLabelText(/MUSCULACION/));
    await userEvent.click(previewButton());
    const field = screen.getByLabelText('Porcentaje (%)');
    await waitFor(() => expect(field).toHaveAccessibleDescription(pricingMessages.percentageRequired));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(field, '0');
    await waitFor(() => expect(field).toHaveAccessibleDescription(pricingMessages.invalidValue));
    await userEvent.clear(field);
    await userEvent.type(field, '-100');
    await waitFor(() => expect(field).toHaveAccessibleDescription(pricingMessages.percentageTooLow));
    await userEvent.click(previewButton());
    expect(previews(api)).toEqual([]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  test('an empty or zero amount, and an amount that cannot be negative', async () => {
    const api = serveApi({ ...baseApi, 'POST /v1/precios/cambios/preview': () => ({ body: preview }) });
    renderPage();
    await userEvent.click(await screen.findByLabelText(/MUSCULACION/));
    await userEvent.click(screen.getByLabelText('Un monto nuevo'));
    await userEvent.click(previewButton());
    const field = screen.getByLabelText('Cuota nueva ($)');
    await waitFor(() => expect(field).toHaveAccessibleDescription(pricingMessages.amountRequired));
    await userEvent.type(field, '0');
    await waitFor(() => expect(field).toHaveAccessibleDescription(pricingMessages.invalidValue));
    await userEvent.clear(field);
    await userEvent.type(field, '-12.500');
    expect(field).toHaveValue('12.500');
    await waitFor(() => expect(field).not.toHaveAccessibleDescription(moneyInputMessages.unreadable));
    expect(field).not.toHaveAttribute('aria-invalid');
    expect(previews(api)).toEqual([]);
  });

  test('a percentage over 100 asks for the second confirmation before the preview', async () => {
    const api = serveApi({ ...baseApi, 'POST /v1/precios/cambios/preview': () => ({ body: preview }) });
    renderPage();
    await userEvent.click(await screen.findByLabelText(/MUSCULACION/));
    await userEvent.type(screen.getByLabelText('Porcentaje (%)'), '150');
    await userEvent.click(previewButton());
    const second = screen.getByLabelText('Sí, el aumento es de más del 100 %');
    await waitFor(() => expect(second).toHaveAccessibleDescription(pricingMessages.percentageNeedsConfirmation));
    expect(previews(api)).toEqual([]);
    await userEvent.click(second);
    await waitFor(() => expect(second).not.toHaveAccessibleDescription(pricingMessages.percentageNeedsConfirmation));
    await userEvent.click(previewButton());
    await screen.findByRole('table', { name: 'Socios del cambio' });
    expect(previews(api).map((c) => c.body)).toEqual([expect.objectContaining({ valor: 150, confirmado: true })]);
  });

  test('no plan nor category, and an amount for a shop category', async () => {
    const api = serveApi({ ...baseApi, 'POST /v1/precios/cambios/preview': () => ({ body: preview }) });
    renderPage();
    await screen.findByLabelText(/MUSCULACION/);
    await userEvent.type(screen.getByLabelText('Porcentaje (%)'), '5');
    await userEvent.click(previewButton());
    const planes = screen.getByRole('group', { name: 'Planes' });
    await waitFor(() => expect(planes).toHaveAccessibleDescription(pricingMessages.noPlans));
    await userEvent.click(screen.getByLabelText('Accesorios'));
    await waitFor(() => expect(planes).not.toHaveAccessibleDescription(pricingMessages.noPlans));
    await userEvent.click(screen.getByLabelText('Un monto nuevo'));
    await userEvent.type(screen.getByLabelText('Cuota nueva ($)'), '12.500');
    await userEvent.click(previewButton());
    const categorias = screen.getByRole('group', { name: /Categorías de la tienda/ });
    await waitFor(() => expect(categorias).toHaveAccessibleDescription(pricingMessages.amountForCategories));
    expect(previews(api)).toEqual([]);
  });

  test("the API's reason for a field shows under it too", async () => {
    const reason = pricingMessages.dateTooSoon(30, '27/12/2026');
    serveApi({
      ...baseApi,
      'POST /v1/precios/cambios/preview': () => ({
        status: 400,
        body: { error: { message: reason, fields: { fecha: reason } } },
      }),
    });
    renderPage();
    await userEvent.click(await screen.findByLabelText(/MUSCULACION/));
    await userEvent.type(screen.getByLabelText('Porcentaje (%)'), '5');
    await userEvent.click(previewButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(reason);
    expect(screen.getByLabelText('Desde el')).toHaveAccessibleDescription(reason);
  });
});

describe('shop categories', () => {
  test('chosen with a percentage: sent, and the preview counts the products with a few examples', async () => {
    const api = serveApi({
      ...baseApi,
      'POST /v1/precios/cambios/preview': () => ({
        body: {
          ...preview,
          productos: {
            categorias: ['accesorios'],
            cantidad: 7,
            ejemplos: [
              {
                id: 'p1',
                nombre: 'Soga de saltar',
                precioActualCentavos: 735000,
                precioNuevoCentavos: 810000,
              },
            ],
          },
        },
      }),
    });
    renderPage();
    await userEvent.click(await screen.findByLabelText(/MUSCULACION/));
    await userEvent.click(screen.getByLabelText('Accesorios'));
    await userEvent.type(screen.getByLabelText('Porcentaje (%)'), '10');
    await userEvent.click(screen.getByRole('button', { name: 'Ver vista previa' }));
    const products = await screen.findByTestId('preview-products');
    expect(products).toHaveTextContent('Tienda (Accesorios): 7 productos cambian de precio, por ejemplo:');
    expect(within(products).getByRole('list', { name: 'Productos del cambio' }).textContent).toBe(
      `Soga de saltar: ${formatMoney(centavos(735000))} → ${formatMoney(centavos(810000))}`,
    );
    expect(api.calls.find((c) => c.path === '/v1/precios/cambios/preview')?.body).toEqual(
      expect.objectContaining({ tipo: 'porcentaje', valor: 10, planes: [1], categorias: ['accesorios'] }),
    );
  });
});

describe("the member's banner", () => {
  test('a coming change with the old fee, the new fee and the date', async () => {
    const texto = 'Desde el 27/12/2026 la cuota de tu plan pasa de $ 10.000 a $ 12.500.';
    serveApi({
      'GET /v1/socio/avisos-de-precio': () => ({
        body: {
          avisos: [
            {
              id: 'c1',
              fecha: '2026-12-27',
              plan: 'MUSCULACION',
              cuotaActualCentavos: 1000000,
              cuotaNuevaCentavos: 1250000,
              texto,
            },
          ],
        },
      }),
    });
    render(<PriceNoticeBanner member="ana" />);
    expect(await screen.findByRole('status', { name: 'Cambio de precio' })).toHaveTextContent(texto);
  });

  test('nothing without one', async () => {
    const api = serveApi({ 'GET /v1/socio/avisos-de-precio': () => ({ body: { avisos: [] } }) });
    const { container } = render(<PriceNoticeBanner member="beto" />);
    await waitFor(() => expect(api.calls).toHaveLength(1));
    expect(container).toBeEmptyDOMElement();
  });
});
