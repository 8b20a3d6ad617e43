import { render, screen, within } from '@testing-library/react';
import { SessionsTable } from '../components/sessions-table';

describe('Mi cuenta: open sessions', () => {
  test('show the browser and system in words and the address without ::ffff:', () => {
    render(
      <SessionsTable
        onEnd={() => undefined}
        sessions={[
          {
            id: 's1',
            createdAt: '2026-11-20T13:30:00.000Z',
            lastSeenAt: '2026-11-20T14:00:00.000Z',
            ip: '::ffff:190.220.3.14',
            userAgent:
              'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
            current: true,
          },
        ]}
      />,
    );
    const row = screen.getAllByRole('row')[1]!;
    expect(within(row).getByRole('cell', { name: 'Chrome en Android' })).toHaveAttribute('data-label', 'Navegador');
    expect(within(row).getByRole('cell', { name: '190.220.3.14' })).toHaveAttribute('data-label', 'Dirección');
    expect(within(row).getByRole('cell', { name: '20/11/2026 10:30' })).toHaveAttribute('data-label', 'Inicio');
    expect(row.textContent).not.toMatch(/Mozilla|::ffff:/);
  });
});
