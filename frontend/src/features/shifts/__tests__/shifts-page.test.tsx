import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { productMessages } from '@gym/contracts/messages';
import type { ShiftRow } from '@gym/contracts/shifts';
import { showAlert } from '@/components/alerts';
import { serveApi } from '@/test/api-server';
import { expectNotice, renderNotices } from '@/test/notices';
import ShiftsPage from '../pages/shifts-page';

jest.mock('@/components/alerts', () => ({
  showAlert: jest.fn(() => Promise.resolve()),
  confirmAction: jest.fn(),
}));
jest.setTimeout(20_000);

describe('Turnos', () => {
  test('lists shift, user and trainer, and changes both for one client', async () => {
    let rows: ShiftRow[] = [
      { idUsuario: 'demo-001', turno: 'Mañana', usuario: 'Lucía Fernández', entrenador: 'Carla Ruiz' },
    ];
    const api = serveApi({
      'GET /v1/turnos': () => ({ body: rows }),
      'GET /v1/entrenadores': () => ({ body: ['Martín Gómez', 'Carla Ruiz', 'Diego Sosa'] }),
      'PUT /v1/turnos/demo-001': ({ body }) => {
        rows = [{ ...rows[0]!, ...(body as Partial<ShiftRow>) }];
        return { body: rows[0] };
      },
    });
    render(
      <MemoryRouter>
        <ShiftsPage />
      </MemoryRouter>,
    );
    renderNotices();
    const user = userEvent.setup();
    const row = (await screen.findByRole('cell', { name: 'Lucía Fernández' })).closest('tr')!;
    expect(
      within(row)
        .getAllByRole('cell')
        .slice(0, 3)
        .map((cell) => cell.textContent),
    ).toEqual(['Mañana', 'Lucía Fernández', 'Carla Ruiz']);

    await user.click(within(row).getByRole('button', { name: 'Cambiar el turno de Lucía Fernández' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cambiar turno de Lucía Fernández' });
    await user.selectOptions(within(dialog).getByLabelText('Turno'), 'Noche');
    await user.selectOptions(within(dialog).getByLabelText('Entrenador'), 'Diego Sosa');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));

    await expectNotice(productMessages.saved);
    expect(showAlert).not.toHaveBeenCalled();
    expect(api.calls.find((call) => call.method === 'PUT')?.body).toEqual({ turno: 'Noche', entrenador: 'Diego Sosa' });
    expect(await screen.findByRole('cell', { name: 'Noche' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Diego Sosa' })).toBeInTheDocument();
  });
});
