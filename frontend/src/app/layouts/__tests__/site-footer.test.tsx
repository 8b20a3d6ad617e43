import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { aSiteInfo } from '@/test/fixtures';
import { serveApi } from '@/test/api-server';
import { SiteFooter } from '../site-footer';

describe('the footer', () => {
  test("links to the gym's own networks and WhatsApp and shows its address and pickup hours, as the server's config says", async () => {
    serveApi({
      'GET /v1/site': () => ({
        body: aSiteInfo({
          social: {
            instagram: 'https://www.instagram.com/otro.gym',
            facebook: null,
            whatsapp: 'https://wa.me/5493815550123',
          },
        }),
      }),
    });
    render(
      <MemoryRouter>
        <SiteFooter />
      </MemoryRouter>,
    );
    const social = screen.getByRole('list', { name: 'Redes sociales' });
    expect(await within(social).findByRole('link', { name: 'Instagram' })).toHaveAttribute(
      'href',
      'https://www.instagram.com/otro.gym',
    );
    expect(within(social).getByRole('link', { name: 'WhatsApp' })).toHaveAttribute(
      'href',
      'https://wa.me/5493815550123',
    );
    expect(within(social).queryByRole('link', { name: 'Facebook' })).toBeNull();
    expect(screen.getByTestId('gym-address')).toHaveTextContent(
      'Congreso 250, San Miguel de Tucumán Retiro de pedidos: en recepción, de lunes a viernes de 9 a 20',
    );
    expect(screen.getByRole('link', { name: 'Preguntas frecuentes' })).toHaveAttribute('href', '/preguntasfrecuentes');
    // Members find their portal from every public page (issue 40).
    expect(screen.getByRole('link', { name: 'Soy socio' })).toHaveAttribute('href', '/socio/ingresar');
    // Disposición 954/2025: the two buttons, with the law's own names, on every page.
    expect(screen.getByRole('link', { name: 'Botón de baja' })).toHaveAttribute('href', '/baja');
    expect(screen.getByRole('link', { name: 'Botón de arrepentimiento' })).toHaveAttribute('href', '/arrepentimiento');
  });
});
