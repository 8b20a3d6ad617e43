import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { registrationMessages as m } from '@gym/contracts/messages';
import { serveApi } from '@/test/api-server';
import { renderNotices } from '@/test/notices';
import { AuthProvider } from '../auth-context';
import { AuthModalsProvider, useAuthModals } from '../auth-modals';

const RULES = [
  m.passwordsMustMatch,
  m.required,
  m.invalidEmail,
  m.invalidName,
  m.invalidLastname,
  m.weakPassword,
] as const;

function CreateAccount() {
  const modals = useAuthModals();
  return (
    <button type="button" onClick={() => modals.open('code')}>
      Crear cuenta
    </button>
  );
}

function setUp(registerStatus = 201) {
  const api = serveApi({
    'POST /v1/staff-code/verify': ({ body }) =>
      (body as { code: string }).code === 'codigo-ok'
        ? { body: { message: 'Codigo correcto' } }
        : { status: 403, body: { error: { message: 'Codigo incorrecto' } } },
    'POST /v1/users': ({ body }) =>
      registerStatus === 201
        ? { status: 201, body: { user: { _id: 'u1', ...(body as object) } } }
        : { status: registerStatus, body: { error: { message: m.emailTaken, fields: { email: m.emailTaken } } } },
  });
  render(
    <AuthProvider>
      <MemoryRouter>
        <AuthModalsProvider>
          <CreateAccount />
        </AuthModalsProvider>
      </MemoryRouter>
    </AuthProvider>,
  );
  renderNotices();
  return { api, user: userEvent.setup() };
}

async function openRegistration(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Crear cuenta' }));
  const prompt = await screen.findByRole('dialog', { name: 'Código de staff' });
  const code = within(prompt).getByLabelText('Código');
  expect(code).toHaveAttribute('type', 'password');
  expect(code).toHaveAttribute('maxLength', '10');
  await user.type(code, 'codigo-ok');
  await user.click(within(prompt).getByRole('button', { name: 'Verificar' }));
  expect(await screen.findByText('Codigo correcto')).toBeInTheDocument();
  return screen.findByRole('dialog', { name: 'Registro' }, { timeout: 3000 });
}

async function fill(user: ReturnType<typeof userEvent.setup>, form: HTMLElement, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    const input = within(form).getByLabelText(label);
    await user.clear(input);
    if (value) await user.type(input, value);
  }
}

/** Only the first failing rule shows, on submit. */
async function submitExpecting(user: ReturnType<typeof userEvent.setup>, form: HTMLElement, message: string) {
  await user.click(within(form).getByRole('button', { name: 'Registrarme' }));
  expect(await within(form).findByText(message)).toBeInTheDocument();
  for (const other of RULES.filter((rule) => rule !== message)) {
    expect(within(form).queryByText(other)).not.toBeInTheDocument();
  }
}

describe('staff registration', () => {
  test('a wrong staff code says "Codigo incorrecto" and the registration stays closed', async () => {
    const { user } = setUp();
    await user.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    const prompt = await screen.findByRole('dialog', { name: 'Código de staff' });
    await user.type(within(prompt).getByLabelText('Código'), 'otro');
    await user.click(within(prompt).getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByText('Codigo incorrecto')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Registro' })).not.toBeInTheDocument();
  });

  test('the live hints follow the name and the two passwords as they are typed', async () => {
    const { user } = setUp();
    const form = await openRegistration(user);
    expect(within(form).getByText(m.nameRequiredHint)).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Nombre'), 'Ana');
    expect(within(form).queryByText(m.nameRequiredHint)).not.toBeInTheDocument();

    expect(within(form).queryByText(m.passwordsDoNotMatchHint)).not.toBeInTheDocument();
    await user.type(within(form).getByLabelText('Password'), 'Clave1234');
    await user.type(within(form).getByLabelText('Confirm Password'), 'Clave12');
    expect(within(form).getByText(m.passwordsDoNotMatchHint)).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Confirm Password'), '34');
    expect(within(form).queryByText(m.passwordsDoNotMatchHint)).not.toBeInTheDocument();
  });

  test('the six checks run in their order, then the account is created and the form cleared', async () => {
    const { user, api } = setUp();
    const form = await openRegistration(user);
    await fill(user, form, { Password: 'x', 'Confirm Password': 'y' });
    await submitExpecting(user, form, m.passwordsMustMatch);
    await waitFor(() => expect(within(form).getByLabelText('Confirm Password')).toHaveFocus());

    await fill(user, form, { 'Confirm Password': 'x' });
    await submitExpecting(user, form, m.required);

    await fill(user, form, { Nombre: 'An4', Apellido: 'P3rez', Email: 'ana-en-gym' });
    await submitExpecting(user, form, m.invalidEmail);
    await waitFor(() => expect(within(form).getByLabelText('Email')).toHaveFocus());

    await fill(user, form, { Email: 'ana@gym.test' });
    await submitExpecting(user, form, m.invalidName);

    await fill(user, form, { Nombre: "María D'Ángelo" });
    await submitExpecting(user, form, m.invalidLastname);

    await fill(user, form, { Apellido: 'Pérez' });
    await submitExpecting(user, form, m.weakPassword);
    expect(api.calls.filter((call) => call.path === '/v1/users')).toHaveLength(0);

    await fill(user, form, { Password: 'Clave1234', 'Confirm Password': 'Clave1234' });
    await user.click(within(form).getByRole('button', { name: 'Registrarme' }));
    expect(await screen.findByText('Registrado')).toBeInTheDocument();
    expect(screen.getByText('Registro exitoso')).toBeInTheDocument();
    expect(api.calls.find((call) => call.path === '/v1/users')?.body).toEqual({
      name: "María D'Ángelo",
      lastname: 'Pérez',
      email: 'ana@gym.test',
      password: 'Clave1234',
      code: 'codigo-ok',
    });
    for (const label of ['Nombre', 'Apellido', 'Email', 'Password', 'Confirm Password']) {
      expect(within(form).getByLabelText(label)).toHaveValue('');
    }
  });

  test('a refused registration says "hay algun error en tu registro"', async () => {
    const { user } = setUp(409);
    const form = await openRegistration(user);
    await fill(user, form, {
      Nombre: 'Ana',
      Apellido: 'Pérez',
      Email: 'ana@gym.test',
      Password: 'Clave1234',
      'Confirm Password': 'Clave1234',
    });
    await user.click(within(form).getByRole('button', { name: 'Registrarme' }));
    expect(await screen.findByText('hay algun error en tu registro')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Error' })).toBeInTheDocument();
    await waitFor(() =>
      expect(within(form).getByText(m.emailTaken, { selector: '.invalid-feedback' })).toBeInTheDocument(),
    );
  });

  test('the registration links to the login', async () => {
    const { user } = setUp();
    const form = await openRegistration(user);
    await user.click(within(form).getByRole('button', { name: 'Iniciá sesión' }));
    expect(await screen.findByRole('dialog', { name: 'Login' })).toBeInTheDocument();
  });
});
