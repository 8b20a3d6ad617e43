import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { Client } from '@gym/contracts/clients';
import { ClientTable } from '../components/client-table';

const valentina: Client = {
  idUsuario: 'demo-100',
  nombre: 'Valentina Rodríguez',
  edad: 28,
  correo: 'valentina.rodriguez@correo.com.ar',
  celular: 3815550100,
  plan: 1,
  turno: 'Mañana',
  entrenador: 'Diego Sosa',
  updatedAt: '2026-11-20T15:00:00.000Z',
};

test('a client card’s e-mail may wrap only before "@" and ".", never inside a word (issue 40)', () => {
  render(
    <MemoryRouter>
      <ClientTable clients={[valentina]} />
    </MemoryRouter>,
  );
  const cell = screen.getByText('valentina.rodriguez@correo.com.ar').closest('td')!;
  expect(cell).toHaveAttribute('data-label', 'Email');
  expect(cell.innerHTML.replace(/<\/?span[^>]*>/g, '')).toBe('valentina<wbr>.rodriguez<wbr>@correo<wbr>.com<wbr>.ar');
  // Bootstrap's text-break (word-break: break-word) cut addresses mid-word; only a part too long for its line is cut
  expect(cell).not.toHaveClass('text-break');
  expect(cell.firstElementChild).toHaveStyle({ wordBreak: 'normal', overflowWrap: 'break-word' });
});
