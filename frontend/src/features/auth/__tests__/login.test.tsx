import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { serveApi } from '@/test/api-server';
import { AuthProvider } from '../auth-context';
import { AuthModalsProvider, useAuthModals } from '../auth-modals';

function SignIn() {
  const modals = useAuthModals();
  return (
    <button type="button" onClick={() => modals.open('login')}>
      Iniciar sesión
    </button>
  );
}

test('a refused login shows the spec’s "Usuario o contraseña incorrectos" and, smaller, what a disabled account should do', async () => {
  serveApi({
    'POST /v1/user/login': () => ({ status: 401, body: { error: { message: 'Usuario o contraseña incorrectos' } } }),
  });
  render(
    <AuthProvider>
      <MemoryRouter>
        <AuthModalsProvider>
          <SignIn />
        </AuthModalsProvider>
      </MemoryRouter>
    </AuthProvider>,
  );
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
  const modal = await screen.findByRole('dialog', { name: 'Login' });
  await user.type(within(modal).getByLabelText('Email'), 'ex.empleado@gym.com');
  await user.type(within(modal).getByLabelText('Password'), 'Fuerza2026');
  await user.click(within(modal).getByRole('button', { name: 'Enviar' }));

  expect(await screen.findByRole('heading', { name: 'Error' })).toBeInTheDocument();
  expect(screen.getByText('Usuario o contraseña incorrectos')).toBeInTheDocument();
  expect(screen.getByText('Si tu cuenta fue desactivada, pedíselo al dueño del gimnasio.')).toBeInTheDocument();
});
