import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import {
  ACTIVE_MEMBERS_DEFINITION,
  INCOME_DEFINITION,
  type AttendanceReport,
  type IncomeReport,
  type MembersReport,
  type ShopReport,
} from '@gym/contracts/reports';
import { serveApi } from '@/test/api-server';
import ReportsPage from '../pages/reports-page';
import { centavos } from '@gym/contracts/money';

jest.setTimeout(20_000);

// The history of backend/src/modules/reports/trends.api.test.ts, as the API answers it on 15/03/2031.
const meses = [
  '2030-04',
  '2030-05',
  '2030-06',
  '2030-07',
  '2030-08',
  '2030-09',
  '2030-10',
  '2030-11',
  '2030-12',
  '2031-01',
  '2031-02',
  '2031-03',
];
const series = (values: Record<string, number>) => meses.map((mes) => values[mes] ?? 0);
const amounts = (values: Record<string, number>) => series(values).map(centavos);
const income: IncomeReport = {
  meses,
  porMetodoCentavos: {
    efectivo: amounts({ '2030-10': 1_000_000, '2030-12': 840_000, '2031-01': 1_000_000 }),
    transferencia: amounts({ '2031-02': 2_320_000 }),
    tarjeta: amounts({ '2030-05': 800_000, '2030-08': 800_000 }),
    mercadopago: amounts({ '2030-11': 1_200_000, '2030-12': 1_200_000, '2031-03': 150_000 }),
  },
  porPlan: [
    {
      nombre: 'Musculación',
      montosCentavos: amounts({
        '2030-10': 1_000_000,
        '2030-11': 1_200_000,
        '2030-12': 1_200_000,
        '2031-01': 1_000_000,
      }),
    },
    { nombre: 'Funcional', montosCentavos: amounts({ '2030-05': 800_000, '2030-08': 800_000, '2031-02': 2_000_000 }) },
    { nombre: 'Tienda', montosCentavos: amounts({ '2030-12': 840_000, '2031-02': 320_000, '2031-03': 150_000 }) },
  ],
  porFuenteCentavos: {
    cuotas: amounts({
      '2030-05': 800_000,
      '2030-08': 800_000,
      '2030-10': 1_000_000,
      '2030-11': 1_200_000,
      '2030-12': 1_200_000,
      '2031-01': 1_000_000,
      '2031-02': 2_000_000,
    }),
    tienda: amounts({ '2030-12': 840_000, '2031-02': 320_000, '2031-03': 150_000 }),
  },
  totalCentavos: amounts({
    '2030-05': 800_000,
    '2030-08': 800_000,
    '2030-10': 1_000_000,
    '2030-11': 1_200_000,
    '2030-12': 2_040_000,
    '2031-01': 1_000_000,
    '2031-02': 2_320_000,
    '2031-03': 150_000,
  }),
};
const members: MembersReport = {
  meses,
  activos: series({ '2030-05': 1, '2030-08': 1, '2030-10': 1, '2030-11': 1, '2030-12': 1, '2031-02': 2, '2031-03': 1 }),
  altas: series({ '2030-05': 1, '2030-08': 1, '2030-10': 1, '2030-11': 1, '2031-02': 2 }),
  bajas: series({ '2030-06': 1, '2030-09': 1, '2030-11': 1, '2031-01': 1 }),
  bajasHasta: '2031-02-11',
  activosHoy: 1,
};
const week = () => Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0));
const porDiaYHora = week();
porDiaYHora[0]![19] = 2;
porDiaYHora[0]![23] = 1;
porDiaYHora[5]![8] = 1;
const attendance: AttendanceReport = { desde: '2030-12-22', hasta: '2031-03-15', porDiaYHora, total: 4 };
const shop: ShopReport = {
  meses,
  productos: [
    {
      nombre: 'Botella',
      unidades: series({ '2031-02': 1, '2031-03': 1 }),
      montosCentavos: amounts({ '2031-02': 100_000, '2031-03': 150_000 }),
    },
    { nombre: 'Banda 6', unidades: series({ '2030-12': 1 }), montosCentavos: amounts({ '2030-12': 240_000 }) },
    { nombre: 'Guantes', unidades: series({ '2031-02': 2 }), montosCentavos: amounts({ '2031-02': 220_000 }) },
    { nombre: 'Otros productos', unidades: series({ '2030-12': 2 }), montosCentavos: amounts({ '2030-12': 120_000 }) },
  ],
};

const serveReports = () =>
  serveApi({
    'GET /v1/reportes/ingresos': () => ({ body: income }),
    'GET /v1/reportes/socios': () => ({ body: members }),
    'GET /v1/reportes/asistencia': () => ({ body: attendance }),
    'GET /v1/reportes/tienda': () => ({ body: shop }),
  });

/** A table's rows as text, cell by cell, header cells included (spaces normalised). */
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => Array.from(row.children).map((cell) => cell.textContent!.replace(/\s/g, ' ')));
/** The row whose header is `name`, without the header. */
const row = (table: HTMLElement, name: string) =>
  rowsOf(table)
    .find((r) => r[0] === name)!
    .slice(1);

const renderPage = async () => {
  render(
    <MemoryRouter>
      <ReportsPage />
    </MemoryRouter>,
  );
  return screen.findByRole('table', { name: 'Ingresos por medio de pago' });
};

describe('the reports screen', () => {
  test('income by method: one row per Tucumán month in pesos, the total of each method and of the year', async () => {
    serveReports();
    const table = await renderPage();
    expect(rowsOf(table)[0]).toEqual(['Mes', 'Efectivo', 'Transferencia', 'Tarjeta', 'Mercado Pago', 'Total']);
    expect(rowsOf(table)).toHaveLength(1 + 12 + 1);
    expect(row(table, 'abr 2030')).toEqual(['$ 0', '$ 0', '$ 0', '$ 0', '$ 0']);
    expect(row(table, 'dic 2030')).toEqual(['$ 8.400', '$ 0', '$ 0', '$ 12.000', '$ 20.400']);
    expect(row(table, 'feb 2031')).toEqual(['$ 0', '$ 23.200', '$ 0', '$ 0', '$ 23.200']);
    expect(row(table, 'Total')).toEqual(['$ 28.400', '$ 23.200', '$ 16.000', '$ 25.500', '$ 93.100']);
  });

  test('the last month’s income and today’s active members, said and defined as on the panel', async () => {
    serveReports();
    await renderPage();
    expect(screen.getByTestId('ingresos-mes').textContent?.replace(/\s/g, ' ')).toBe(
      '$ 1.500 (cuotas $ 0, tienda $ 1.500)',
    );
    expect(screen.getByText(/^Ingresos de marzo de 2031:/)).toBeInTheDocument();
    expect(screen.getByText(INCOME_DEFINITION)).toBeInTheDocument();
    expect(await screen.findByTestId('socios-activos')).toHaveTextContent('1');
    expect(screen.getByText(ACTIVE_MEMBERS_DEFINITION)).toBeInTheDocument();
  });

  test('income by plan: each plan and the shop, with the year’s totals', async () => {
    serveReports();
    await renderPage();
    const table = screen.getByRole('table', { name: 'Ingresos por plan' });
    expect(rowsOf(table)[0]).toEqual(['Mes', 'Musculación', 'Funcional', 'Tienda']);
    expect(row(table, 'dic 2030')).toEqual(['$ 12.000', '$ 0', '$ 8.400']);
    expect(row(table, 'feb 2031')).toEqual(['$ 0', '$ 20.000', '$ 3.200']);
    expect(row(table, 'Total')).toEqual(['$ 44.000', '$ 36.000', '$ 13.100']);
  });

  test('members: active at each month’s end, starts and losses, and up to which day losses are counted', async () => {
    serveReports();
    await renderPage();
    const table = await screen.findByRole('table', { name: 'Socios activos, altas y bajas' });
    expect(rowsOf(table)[0]).toEqual(['Mes', 'Activos', 'Altas', 'Bajas']);
    expect(row(table, 'may 2030')).toEqual(['1', '1', '0']);
    expect(row(table, 'jun 2030')).toEqual(['0', '0', '1']);
    expect(row(table, 'ene 2031')).toEqual(['0', '0', '1']);
    expect(row(table, 'feb 2031')).toEqual(['2', '2', '0']);
    expect(row(table, 'mar 2031')).toEqual(['1', '0', '0']);
    expect(row(table, 'Total')).toEqual(['', '6', '4']);
    expect(screen.getByText(/Las vencidas después del 11\/02\/2031 todavía pueden renovarse/)).toBeInTheDocument();
  });

  test('attendance: the busy hours by weekday, from the first to the last hour anyone came in', async () => {
    serveReports();
    await renderPage();
    const table = await screen.findByRole('table', { name: 'Ingresos por día y hora' });
    const rows = rowsOf(table);
    expect(rows[0]).toEqual(['Hora', 'Lu', 'Ma', 'Mi', 'Ju', 'Vi', 'Sá', 'Do']);
    expect(within(table).getByRole('columnheader', { name: 'Miércoles' })).toHaveTextContent('Mi');
    expect(rows.map((r) => r[0])).toEqual(['Hora', ...Array.from({ length: 16 }, (_, i) => `${8 + i} h`)]);
    expect(row(table, '8 h')).toEqual(['0', '0', '0', '0', '0', '1', '0']);
    expect(row(table, '19 h')).toEqual(['2', '0', '0', '0', '0', '0', '0']);
    expect(row(table, '23 h')).toEqual(['1', '0', '0', '0', '0', '0', '0']);
    expect(
      screen.getByText(/Del 22\/12\/2030 al 15\/03\/2031: 4 ingresos permitidos en la puerta/),
    ).toBeInTheDocument();
  });

  test('shop: the best sellers month by month, the rest together, amounts and units over the year', async () => {
    serveReports();
    await renderPage();
    const table = await screen.findByRole('table', { name: 'Ventas de la tienda por producto' });
    expect(rowsOf(table)[0]).toEqual(['Mes', 'Botella', 'Banda 6', 'Guantes', 'Otros productos']);
    expect(row(table, 'dic 2030')).toEqual(['$ 0', '$ 2.400', '$ 0', '$ 1.200']);
    expect(row(table, 'feb 2031')).toEqual(['$ 1.000', '$ 0', '$ 2.200', '$ 0']);
    expect(row(table, 'Total')).toEqual(['$ 2.500', '$ 2.400', '$ 2.200', '$ 1.200']);
    expect(row(table, 'Unidades')).toEqual(['2', '1', '2', '2']);
  });

  test('an earlier month asks every report for the twelve months up to it', async () => {
    const api = serveReports();
    await renderPage();
    const input = screen.getByLabelText('Doce meses hasta');
    // A month after this one is not offered (the API refuses it too); an earlier one is.
    fireEvent.change(input, { target: { value: '2099-01' } });
    expect(input).toHaveValue(input.getAttribute('max'));
    fireEvent.change(input, { target: { value: '2025-12' } });
    await waitFor(() =>
      expect(
        api.calls
          .filter((c) => c.query.get('hasta') === '2025-12')
          .map((c) => c.path)
          .sort(),
      ).toEqual(['/v1/reportes/asistencia', '/v1/reportes/ingresos', '/v1/reportes/socios', '/v1/reportes/tienda']),
    );
    expect(screen.getByText(/diciembre de 2025 incluido/)).toBeInTheDocument();
  });

  test('a report that fails says so and can be retried, while the others show', async () => {
    serveApi({
      'GET /v1/reportes/ingresos': () => ({ body: income }),
      'GET /v1/reportes/socios': () => ({ status: 500, body: { error: { message: 'Error interno del servidor' } } }),
      'GET /v1/reportes/asistencia': () => ({ body: { ...attendance, porDiaYHora: week(), total: 0 } }),
      'GET /v1/reportes/tienda': () => ({ body: { meses, productos: [] } }),
    });
    await renderPage();
    expect(await screen.findByRole('button', { name: /Reintentar/ })).toBeInTheDocument();
    expect(screen.getByText('No hubo ventas en la tienda en estos doce meses.')).toBeInTheDocument();
    expect(screen.getByText(/0 ingresos permitidos/)).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Ingresos por día y hora' })).not.toBeInTheDocument();
  });
});
