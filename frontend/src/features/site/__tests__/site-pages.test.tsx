import { render, screen, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { aSiteInfo } from '@/test/fixtures';
import { serveApi } from '@/test/api-server';
import AboutPage from '../pages/about-page';
import FaqPage from '../pages/faq-page';
import HomePage from '../pages/home-page';

const renderPage = (Page: ComponentType) =>
  render(
    <MemoryRouter>
      <Page />
    </MemoryRouter>,
  );

const cardsIn = (sectionName: string) =>
  within(screen.getByRole('region', { name: sectionName }))
    .getAllByRole('listitem')
    .map((item) => ({
      name: within(item).getByRole('heading').textContent,
      role: item.querySelector('.person-card__role')?.textContent,
      photo: within(item).getByRole('img').getAttribute('src'),
    }));

describe('the public pages', () => {
  test('home introduces the four trainers by photo, name and specialty', () => {
    serveApi({ 'GET /v1/weather': () => ({ status: 503, body: { error: { message: 'No disponible' } } }) });
    renderPage(HomePage);
    const trainers = cardsIn('Nuestros entrenadores');
    expect(trainers.map((trainer) => trainer.role)).toEqual([
      'Entrenamiento de fuerza',
      'Running',
      'Entrenamiento funcional',
      'Cardio',
    ]);
    expect(new Set(trainers.map((trainer) => trainer.photo)).size).toBe(4);
    for (const img of screen.getAllByRole('img', { name: /^Foto de / })) {
      expect(img).toHaveAttribute('loading', 'lazy');
    }
    expect(screen.getByRole('region', { name: 'Nuestras clases' })).toHaveAttribute('aria-roledescription', 'carousel');
    expect(document.title).toBe('Inicio | GYM Tucumán');
  });

  test('"Quiénes somos" shows the founder and the four trainers, each with their own photo', () => {
    renderPage(AboutPage);
    expect(screen.getByRole('heading', { level: 1, name: 'Quiénes somos' })).toBeInTheDocument();
    expect(cardsIn('Nuestro equipo')).toEqual([
      { name: 'Carolina Medina', role: 'Fundadora y directora', photo: '/img/equipo/carolina-medina.svg' },
      { name: 'Martín Gómez', role: 'Entrenamiento de fuerza', photo: '/img/equipo/martin-gomez.svg' },
      { name: 'Carla Ruiz', role: 'Running', photo: '/img/equipo/carla-ruiz.svg' },
      { name: 'Diego Sosa', role: 'Entrenamiento funcional', photo: '/img/equipo/diego-sosa.svg' },
      { name: 'Valentina Ríos', role: 'Cardio', photo: '/img/equipo/valentina-rios.svg' },
    ]);
    for (const name of ['Carolina Medina', 'Valentina Ríos'])
      expect(screen.getByRole('img', { name: `Foto de ${name}` })).toBeInTheDocument();
  });

  test("the home and the FAQ give the spec's opening hours: Monday to Thursday 08:00-22:00, Friday and Saturday 10:00-21:00", () => {
    serveApi({ 'GET /v1/weather': () => ({ status: 503, body: { error: { message: 'No disponible' } } }) });
    const hours = 'de lunes a jueves de 08:00 a 22:00 y viernes y sábados de 10:00 a 21:00';
    const { unmount } = renderPage(HomePage);
    expect(screen.getByText(`Sala abierta ${hours}.`)).toBeVisible();
    unmount();
    renderPage(FaqPage);
    expect(screen.getByText(new RegExp(`La sala está abierta ${hours}\\.`))).toBeInTheDocument();
  });

  test('the FAQ states the free trial class and the aerobic machines', () => {
    renderPage(FaqPage);
    expect(screen.getByText(/clase de prueba gratuita/)).toBeVisible();
    expect(screen.getByText(/remos, bicicletas y cintas/)).toBeVisible();
    expect(document.title).toBe('Preguntas frecuentes | GYM Tucumán');
  });
});

describe('where the gym is and when orders are picked up, from the server’s settings', () => {
  beforeEach(() => {
    serveApi({ 'GET /v1/site': () => ({ body: aSiteInfo() }) });
  });
  const WHERE = 'Congreso 250, San Miguel de Tucumán Retiro de pedidos: en recepción, de lunes a viernes de 9 a 20';

  test('"Quiénes somos" says where the gym is', async () => {
    renderPage(AboutPage);
    expect(screen.getByRole('heading', { name: 'Dónde estamos' })).toBeInTheDocument();
    expect(await screen.findByTestId('gym-address')).toHaveTextContent(WHERE);
  });

  test('the FAQ answers where shop orders are picked up and paid', async () => {
    renderPage(FaqPage);
    const question = screen.getByRole('button', { name: '¿Dónde están y dónde retiro lo que compro en la tienda?' });
    question.click();
    expect(await screen.findByTestId('gym-address')).toHaveTextContent(WHERE);
    expect(screen.getByText(/si pagás en efectivo, pagás al retirar/)).toBeInTheDocument();
  });
});
