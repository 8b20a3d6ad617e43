import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { serveApi } from '@/test/api-server';
import AuditPage from '../pages/audit-page';

jest.setTimeout(20_000);

const read = (s: string | null) => (s ?? '').replace(/\u00a0/g, ' ');
const base = { requestId: 'r1', before: null, after: null, subject: null };
const entries = [
  {
    ...base,
    at: '2026-11-20T13:30:00.000Z',
    actor: { _id: 'a2', email: 'recepcion@gym.com', role: 'recepcion', name: 'Rita Paz' },
    entity: 'membresia',
    entityId: 'ana-1',
    action: 'registrar_pago',
    before: { paidUntil: '2026-03-01' },
    after: { paidUntil: '2026-06-01', amount: 750000, method: 'efectivo', months: 3 },
    subject: { name: 'Ana Gómez', email: 'ana.gomez@correo.com' },
  },
  {
    ...base,
    at: '2026-11-20T13:00:00.000Z',
    actor: { _id: null, email: null, role: null },
    requestId: 'job:cancel-unpaid-orders',
    entity: 'pedido',
    entityId: 'G-000004',
    action: 'cambiar_estado',
    before: { estado: 'pendiente', total: 7500 },
    after: { estado: 'cancelado', total: 7500 },
  },
];

const renderPage = () =>
  render(
    <MemoryRouter initialEntries={['/admin/auditoria']}>
      <AuditPage />
    </MemoryRouter>,
  );

describe('the audit trail', () => {
  test('reads as sentences with names, pesos and the automatic task, no JSON', async () => {
    serveApi({ 'GET /v1/audit': () => ({ body: { entries, total: 2, page: 1, limit: 50 } }) });
    renderPage();
    const table = await screen.findByRole('table', { name: 'Cambios, del más nuevo al más viejo' });
    const [, pay, job] = within(table).getAllByRole('row') as [HTMLElement, HTMLElement, HTMLElement];
    expect(read(within(pay).getByRole('cell', { name: /Registró/ }).textContent)).toBe(
      'Registró un pago de $ 7.500 (3 meses, efectivo) a Ana Gómez (ana.gomez@correo.com) Ver detalle',
    );
    expect(within(pay).getByRole('cell', { name: /Rita Paz/ })).toHaveTextContent(
      'Rita Paz (recepcion@gym.com)Recepción',
    );
    expect(within(pay).getByRole('cell', { name: '20/11/2026 10:30:00' })).toBeInTheDocument();
    expect(within(job).getByRole('cell', { name: 'Tarea automática: cancelar pedidos sin pagar' })).toBeInTheDocument();
    expect(within(job).getByText(/Cambió el pedido G-000004 de pendiente a cancelado/)).toBeInTheDocument();
    expect(table.textContent).not.toMatch(/[{}"]|ana-1|750000/);
  });

  test('the count agrees in number: "1 cambio", "2 cambios"', async () => {
    serveApi({ 'GET /v1/audit': () => ({ body: { entries: entries.slice(0, 1), total: 1, page: 1, limit: 50 } }) });
    const { unmount } = renderPage();
    expect(await screen.findByText(/Página 1 de 1 · 1 cambio$/)).toBeInTheDocument();
    unmount();
    serveApi({ 'GET /v1/audit': () => ({ body: { entries, total: 2, page: 1, limit: 50 } }) });
    renderPage();
    expect(await screen.findByText(/Página 1 de 1 · 2 cambios$/)).toBeInTheDocument();
  });

  test('"Ver detalle" shows the fields in Spanish, before and after', async () => {
    serveApi({ 'GET /v1/audit': () => ({ body: { entries, total: 2, page: 1, limit: 50 } }) });
    renderPage();
    const button = (await screen.findAllByRole('button', { name: 'Ver detalle' }))[0]!;
    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const detail = within(button.closest('td')!).getByRole('table');
    const rows = within(detail)
      .getAllByRole('row')
      .map((r) => read(r.textContent));
    expect(rows).toEqual([
      'DatoAntesDespués',
      'pagado hasta01/03/202601/06/2026',
      'monto—$ 7.500',
      'medio de pago—Efectivo',
      'meses—3',
    ]);
  });

  test('the Qué filter offers memberships and payments, orders, images and accounts', async () => {
    serveApi({ 'GET /v1/audit': () => ({ body: { entries: [], total: 0, page: 1, limit: 50 } }) });
    renderPage();
    const options = within(await screen.findByRole('combobox', { name: 'Qué' }))
      .getAllByRole('option')
      .map((o) => [(o as HTMLOptionElement).value, o.textContent]);
    expect(options).toEqual(
      expect.arrayContaining([
        ['membresia', 'Membresías y pagos'],
        ['pedido', 'Pedidos'],
        ['imagen', 'Imágenes'],
        ['cuenta', 'Cuentas del personal'],
      ]),
    );
  });
});
