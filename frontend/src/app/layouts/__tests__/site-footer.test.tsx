/** @jest-environment ./frontend/src/test/jsdom-with-fetch.cjs */
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { forgetSiteInfo } from '../../../api/site-info';
import { mockFetch } from '../../../test/mock-fetch';
import { SiteFooter } from '../site-footer';

beforeEach(() => forgetSiteInfo());

describe('the footer', () => {
  test("links to the gym's own networks and WhatsApp, as the server's config says", async () => {
    mockFetch({
      'GET /v1/site': () => ({
        body: {
          weather: false,
          social: {
            instagram: 'https://www.instagram.com/otro.gym',
            facebook: null,
            whatsapp: 'https://wa.me/5493815550123',
          },
        },
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
    expect(screen.getByRole('link', { name: 'Preguntas frecuentes' })).toHaveAttribute('href', '/preguntasfrecuentes');
  });
});
