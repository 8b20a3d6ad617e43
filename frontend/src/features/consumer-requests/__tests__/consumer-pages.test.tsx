import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { arrepentimientoOutcomeText, consumerMessages as m } from '@gym/contracts/consumer-requests';
import { serveApi } from '@/test/api-server';
import ArrepentimientoPage from '../pages/arrepentimiento-page';
import BajaPage from '../pages/baja-page';

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/baja" element={<BajaPage />} />
        <Route path="/arrepentimiento" element={<ArrepentimientoPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('the Botón de baja page', () => {
  test('a visitor asks for the baja of the membership and the debit: the code on screen', async () => {
    const api = serveApi({
      'POST /v1/consumo/baja': () => ({ status: 201, body: { codigo: 'BAJA-7K2M-9QXD', message: m.bajaDone } }),
    });
    renderAt('/baja');
    expect(screen.getByRole('heading', { name: 'Botón de baja' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Nombre y apellido'), 'Marta Luna');
    await user.type(screen.getByLabelText('DNI o e-mail'), '30.123.456');
    await user.click(screen.getByRole('checkbox', { name: 'Débito automático' }));
    await user.type(screen.getByLabelText('Motivo (opcional)'), 'Me mudo');
    await user.click(screen.getByRole('button', { name: 'Pedir la baja' }));

    expect(await screen.findByTestId('consumer-code')).toHaveTextContent('BAJA-7K2M-9QXD');
    expect(screen.getByRole('status')).toHaveTextContent(m.bajaDone);
    expect(api.calls[0]).toMatchObject({
      path: '/v1/consumo/baja',
      body: { nombre: 'Marta Luna', contacto: '30123456', que: ['membresia', 'debito'], motivo: 'Me mudo' },
    });
  });

  test('empty or wrong fields: the Spanish rule under each, nothing sent', async () => {
    const api = serveApi({});
    renderAt('/baja');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('DNI o e-mail'), '123');
    await user.click(screen.getByRole('checkbox', { name: 'Membresía' }));
    await user.click(screen.getByRole('button', { name: 'Pedir la baja' }));
    expect(await screen.findByText(m.nombreRequired)).toBeInTheDocument();
    expect(screen.getByText(m.contactoInvalid)).toBeInTheDocument();
    expect(screen.getByText(m.queRequired)).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });

  test('too many requests: the API’s Spanish words', async () => {
    serveApi({ 'POST /v1/consumo/baja': () => ({ status: 429, body: { error: { message: m.tooMany } } }) });
    renderAt('/baja');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Nombre y apellido'), 'Marta Luna');
    await user.type(screen.getByLabelText('DNI o e-mail'), 'marta@correo.com');
    await user.click(screen.getByRole('button', { name: 'Pedir la baja' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(m.tooMany);
    expect(screen.queryByTestId('consumer-code')).toBeNull();
  });
});

describe('the Botón de arrepentimiento page', () => {
  test('from the footer: the order’s number and e-mail, then the code and what happens', async () => {
    const message = `${m.arrepentimientoDone} ${arrepentimientoOutcomeText.cancelado}`;
    const api = serveApi({
      'POST /v1/consumo/arrepentimiento': () => ({ status: 201, body: { codigo: 'ARR-AB12-CD34', message } }),
    });
    renderAt('/arrepentimiento');
    expect(screen.getByRole('heading', { name: 'Botón de arrepentimiento' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Número de pedido'), 'g-000123');
    await user.type(screen.getByLabelText('E-mail de la compra'), 'ana@correo.com');
    await user.click(screen.getByRole('button', { name: 'Arrepentirme de la compra' }));
    expect(await screen.findByTestId('consumer-code')).toHaveTextContent('ARR-AB12-CD34');
    expect(screen.getByRole('status')).toHaveTextContent(message);
    expect(api.calls[0]).toMatchObject({ body: { numero: 'G-000123', email: 'ana@correo.com' } });
  });

  test('from the order’s page: nothing to type; after 10 days the refusal in Spanish', async () => {
    const api = serveApi({
      'POST /v1/consumo/arrepentimiento': () => ({ status: 409, body: { error: { message: m.tooLate } } }),
    });
    renderAt('/arrepentimiento?numero=G-000123&t=secreto');
    expect(screen.getByText('G-000123')).toBeInTheDocument();
    expect(screen.queryByLabelText('E-mail de la compra')).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Arrepentirme de la compra' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(m.tooLate);
    await waitFor(() => expect(api.calls[0]).toMatchObject({ body: { numero: 'G-000123', t: 'secreto' } }));
  });
});
