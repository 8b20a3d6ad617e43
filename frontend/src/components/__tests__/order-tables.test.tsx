import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { Order } from '@gym/contracts/orders';
import { OrderTable } from '../../features/admin-orders/components/order-table';
import { OrderLines } from '../order-lines';

const read = (s: string | null) => (s ?? '').replace(/\u00a0/g, ' ');

const order: Order = {
  numero: 'G-000123',
  estado: 'pagado',
  total: 5600,
  lineas: [
    { producto: 'p1', nombre: 'Remera Dry Fit', talle: 'm', color: 'negro', cantidad: 3, precio: 1400, subtotal: 4200 },
    { producto: 'p2', nombre: 'Toalla', talle: null, color: null, cantidad: 1, precio: 1400, subtotal: 1400 },
  ],
  comprador: { nombre: 'Lucía', apellido: 'Gómez', email: 'lucia@example.com', celular: '3815551234' },
  pago: 'transferencia',
  entrega: 'Retiro en el gimnasio',
  createdAt: '2026-11-20T15:00:00.000Z',
  pagado: { at: '2026-11-20T16:00:00.000Z', por: 'Rita Paz' },
  entregado: null,
  cancelado: null,
};

/** On a phone (table-stack, below 576 px) each row is a card and each cell shows its column's name. */
const cardOf = (row: HTMLElement) =>
  Object.fromEntries(
    within(row)
      .getAllByRole('cell')
      .map((cell) => [cell.dataset.label, read(cell.textContent)]),
  );

describe('order tables become cards on a 390 px phone', () => {
  test("the buyer's and staff's lines: every cell labelled, price, subtotal and total whole", () => {
    render(<OrderLines order={order} />);
    const table = screen.getByRole('table');
    expect(table).toHaveClass('table-stack');
    const [first] = within(table).getAllByRole('row').slice(1) as [HTMLElement];
    expect(cardOf(first)).toEqual({
      Producto: 'Remera Dry Fit',
      Talle: 'M',
      Color: 'Negro',
      Cantidad: '3',
      Precio: '$ 1.400',
      Subtotal: '$ 4.200',
    });
    const cells = within(first).getAllByRole('cell');
    expect(cells.filter((cell) => cell.classList.contains('text-nowrap')).map((cell) => cell.dataset.label)).toEqual([
      'Precio',
      'Subtotal',
    ]);
    expect(screen.getByTestId('order-total')).toHaveClass('text-nowrap');
    expect(read(screen.getByTestId('order-total').textContent)).toBe('$ 5.600');
  });

  test('the staff list: number (never wrapping), payment, total and state on each card', () => {
    render(
      <MemoryRouter>
        <OrderTable orders={[order]} />
      </MemoryRouter>,
    );
    const table = screen.getByRole('table');
    expect(table).toHaveClass('table-stack');
    const row = within(table).getAllByRole('row')[1]!;
    expect(cardOf(row)).toEqual({
      Número: 'G-000123',
      Fecha: '20/11/2026 12:00',
      Comprador: 'Lucía Gómezlucia@example.com',
      Pago: 'Transferencia',
      Total: '$ 5.600',
      Estado: 'Pagado',
    });
    expect(screen.getByRole('link', { name: 'G-000123' }).closest('td')).toHaveClass('text-nowrap');
  });
});
