import { render, screen, within } from '@testing-library/react';
import { formatMoney } from '@gym/contracts/format-money';
import { centavos } from '@gym/contracts/money';
import type { IpcReport } from '@gym/contracts/pricing';
import { serveApi } from '@/test/api-server';
import { IpcReportSection } from '..';

const report: IpcReport = {
  base: '2026-10',
  meses: [
    { mes: '2026-09', ingresoCentavos: centavos(100_000_000), ingresoRealCentavos: centavos(102_100_000), ipc: 100 },
    { mes: '2026-10', ingresoCentavos: centavos(110_000_000), ingresoRealCentavos: centavos(110_000_000), ipc: 102.1 },
    { mes: '2026-11', ingresoCentavos: centavos(50_000_000), ingresoRealCentavos: null, ipc: null },
  ],
  cambios: [{ id: 'c-1', fecha: '2026-10-01', planes: ['BOXEO', 'YOGA'], bajas60Dias: 3 }],
};

const rows = () =>
  within(screen.getByRole('table', { name: 'Ingresos contra la inflación' }))
    .getAllByRole('row')
    .slice(1)
    .map((r) =>
      within(r)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    );

describe('Reportes: income against the IPC', () => {
  test('each month as it came in and in pesos of the last IPC month; the bajas after each rise', async () => {
    serveApi({ 'GET /v1/reportes/ipc': () => ({ body: report }) });
    render(<IpcReportSection />);
    expect(await screen.findByText(/^Cada mes en pesos de octubre de 2026/)).toBeInTheDocument();
    expect(rows()).toEqual([
      ['septiembre de 2026', formatMoney(centavos(100_000_000)), formatMoney(centavos(102_100_000))],
      ['octubre de 2026', formatMoney(centavos(110_000_000)), formatMoney(centavos(110_000_000))],
      ['noviembre de 2026', formatMoney(centavos(50_000_000)), '—'],
    ]);
    expect(
      within(screen.getByRole('list', { name: 'Bajas después de cada aumento' })).getByRole('listitem'),
    ).toHaveTextContent('Cambio del 01/10/2026 (BOXEO, YOGA): 3 bajas pedidas en los 60 días siguientes');
  });

  test('without IPC values the income is shown as it came in, and no change applied yet is said', async () => {
    serveApi({ 'GET /v1/reportes/ipc': () => ({ body: { ...report, base: null, cambios: [] } }) });
    render(<IpcReportSection />);
    expect(
      await screen.findByText('Todavía no hay valores del IPC: los ingresos se muestran como entraron.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Todavía no se aplicó ningún cambio de precio.')).toBeInTheDocument();
  });
});
