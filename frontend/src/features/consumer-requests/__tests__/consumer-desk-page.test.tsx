import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import type { ArrepentimientoView, BajaView } from '@gym/contracts/consumer-requests';
import { confirmAction } from '@/components/alerts';
import { serveApi } from '@/test/api-server';
import ConsumerDeskPage from '../pages/consumer-desk-page';

jest.mock('@/components/alerts', () => ({
  showAlert: jest.fn(() => Promise.resolve()),
  confirmAction: jest.fn(),
}));
const confirm = jest.mocked(confirmAction);

const baja: BajaView = {
  codigo: 'BAJA-7K2M-9QXD',
  nombre: 'Marta Luna',
  contacto: 'marta@correo.com',
  que: ['membresia', 'debito'],
  motivo: 'Me mudo',
  idUsuario: 'socio-12',
  efectivaDesde: '2026-12-20',
  createdAt: '2026-11-26T13:00:00.000Z',
  ip: '10.0.0.1',
};
const pending: ArrepentimientoView = {
  codigo: 'ARR-AB12-CD34',
  numero: 'G-000123',
  email: 'ana@correo.com',
  pago: 'efectivo',
  outcome: 'reembolso-pendiente',
  createdAt: '2026-11-26T14:00:00.000Z',
  resolvedAt: null,
};

describe('the desk’s "Bajas pedidas"', () => {
  test('lists each baja with its code and the day charges stop; a refund at the desk is marked when done', async () => {
    let outcome: ArrepentimientoView['outcome'] = 'reembolso-pendiente';
    const api = serveApi({
      'GET /v1/consumo/bajas': () => ({ body: { bajas: [baja] } }),
      'GET /v1/consumo/arrepentimientos': () => ({ body: { arrepentimientos: [{ ...pending, outcome }] } }),
      'POST /v1/consumo/arrepentimientos/G-000123/devolucion': () => {
        outcome = 'devuelto';
        return { body: { arrepentimiento: { ...pending, outcome } } };
      },
    });
    confirm.mockResolvedValue(true);
    render(
      <MemoryRouter>
        <ConsumerDeskPage />
      </MemoryRouter>,
    );
    const bajas = await screen.findByRole('table', { name: 'Bajas pedidas' });
    expect(within(bajas).getByText('BAJA-7K2M-9QXD')).toBeInTheDocument();
    expect(within(bajas).getByText('Membresía, Débito automático')).toBeInTheDocument();
    expect(within(bajas).getByText('20/12/2026')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Borrar|Eliminar/ })).toBeNull();

    const rows = await screen.findByRole('table', { name: 'Arrepentimientos' });
    expect(within(rows).getByText('A devolver en el gimnasio')).toBeInTheDocument();
    await userEvent.setup().click(within(rows).getByRole('button', { name: 'Marcar devuelto' }));
    expect(await within(rows).findByText('Devuelto')).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'POST' && c.path.endsWith('/devolucion'))).toBe(true);
  });
});
