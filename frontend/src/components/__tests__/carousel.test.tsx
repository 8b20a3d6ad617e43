import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { Carousel } from '../carousel';

const slides = ['Boxeo', 'Yoga', 'Pesas'].map((title) => ({
  image: `/img/${title}.svg`,
  alt: `Foto de ${title}`,
  title,
  text: `Clases de ${title}`,
}));

const renderCarousel = () =>
  render(
    <MemoryRouter>
      <Carousel slides={slides} label="Destacados" />
    </MemoryRouter>,
  );

const visibleSlide = () => screen.getByRole('group', { hidden: false }).getAttribute('aria-label');

describe('Carousel', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('labels itself and its slides "n de 3"', () => {
    renderCarousel();
    expect(screen.getByRole('region', { name: 'Destacados' })).toHaveAttribute('aria-roledescription', 'carousel');
    expect(screen.getAllByRole('group', { hidden: true }).map((slide) => slide.getAttribute('aria-label'))).toEqual([
      '1 de 3',
      '2 de 3',
      '3 de 3',
    ]);
    expect(screen.getByRole('heading', { name: 'Boxeo' })).toBeVisible();
  });

  it('advances to the next slide every 5 seconds and wraps around', () => {
    renderCarousel();
    act(() => jest.advanceTimersByTime(4999));
    expect(visibleSlide()).toBe('1 de 3');
    act(() => jest.advanceTimersByTime(1));
    expect(visibleSlide()).toBe('2 de 3');
    act(() => jest.advanceTimersByTime(5000));
    expect(visibleSlide()).toBe('3 de 3');
    act(() => jest.advanceTimersByTime(5000));
    expect(visibleSlide()).toBe('1 de 3');
  });

  it('stops when paused and resumes when played again', () => {
    renderCarousel();
    fireEvent.click(screen.getByRole('button', { name: 'Pausar el carrusel' }));
    act(() => jest.advanceTimersByTime(20_000));
    expect(visibleSlide()).toBe('1 de 3');
    fireEvent.click(screen.getByRole('button', { name: 'Reanudar el carrusel' }));
    act(() => jest.advanceTimersByTime(5000));
    expect(visibleSlide()).toBe('2 de 3');
  });

  it('holds still while the pointer is over it', () => {
    renderCarousel();
    fireEvent.mouseEnter(screen.getByRole('region', { name: 'Destacados' }));
    act(() => jest.advanceTimersByTime(15_000));
    expect(visibleSlide()).toBe('1 de 3');
    fireEvent.mouseLeave(screen.getByRole('region', { name: 'Destacados' }));
    act(() => jest.advanceTimersByTime(5000));
    expect(visibleSlide()).toBe('2 de 3');
  });

  it('moves with the previous, next and indicator buttons', () => {
    renderCarousel();
    fireEvent.click(screen.getByRole('button', { name: 'Diapositiva anterior' }));
    expect(visibleSlide()).toBe('3 de 3');
    fireEvent.click(screen.getByRole('button', { name: 'Diapositiva siguiente' }));
    expect(visibleSlide()).toBe('1 de 3');
    fireEvent.click(screen.getByRole('button', { name: 'Ir a la diapositiva 2' }));
    expect(visibleSlide()).toBe('2 de 3');
    expect(screen.getByRole('button', { name: 'Ir a la diapositiva 2' })).toHaveAttribute('aria-current', 'true');
  });
});
