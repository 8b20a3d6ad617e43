import { useEffect, useId, useRef, useState, useSyncExternalStore, type FocusEvent } from 'react';
import { Link } from 'react-router-dom';
import './carousel.css';

export interface CarouselSlide {
  image: string;
  alt: string;
  title: string;
  text: string;
  /** An internal link (react-router path) shown as a button on the slide. */
  cta?: { to: string; label: string };
}

interface CarouselProps {
  slides: readonly CarouselSlide[];
  /** Names the carousel for assistive technology, e.g. "Destacados". */
  label: string;
  /** Milliseconds between slides (SPEC §9: 5000). */
  interval?: number;
  /** Intrinsic size of the slide images, for layout stability. */
  imageWidth?: number;
  imageHeight?: number;
  className?: string;
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function subscribeReducedMotion(onChange: () => void) {
  if (typeof window.matchMedia !== 'function') return () => {};
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const prefersReducedMotion = () => typeof window.matchMedia === 'function' && window.matchMedia(REDUCED_MOTION).matches;

/**
 * WAI-ARIA carousel: auto-advances every `interval` ms, stops while hovered or focused, has a
 * pause button, and never auto-rotates for visitors who ask for reduced motion.
 */
export function Carousel({
  slides,
  label,
  interval = 5000,
  imageWidth = 1200,
  imageHeight = 560,
  className = '',
}: CarouselProps) {
  const id = useId();
  const reducedMotion = useSyncExternalStore(subscribeReducedMotion, prefersReducedMotion, () => false);
  const [index, setIndex] = useState(0);
  const [userPaused, setUserPaused] = useState<boolean | null>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const rotationButton = useRef<HTMLButtonElement>(null);
  const count = slides.length;
  const paused = userPaused ?? reducedMotion;
  const rotating = !paused && !hovered && !focused && count > 1;

  useEffect(() => {
    if (!rotating) return;
    const timer = window.setTimeout(() => setIndex((current) => (current + 1) % count), interval);
    return () => window.clearTimeout(timer);
  }, [rotating, index, interval, count]);

  if (count === 0) return null;
  const current = Math.min(index, count - 1);
  const go = (next: number) => setIndex((next + count) % count);

  // Focus on the rotation button itself must not pause, or pressing "play" would never resume.
  const onFocus = (event: FocusEvent) => setFocused(event.target !== rotationButton.current);
  const onBlur = (event: FocusEvent) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  };

  return (
    <section
      className={`gym-carousel ${className}`.trim()}
      aria-roledescription="carousel"
      aria-label={label}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={onFocus}
      onBlur={onBlur}
    >
      <div className="gym-carousel__slides" id={`${id}-slides`} aria-live={rotating ? 'off' : 'polite'}>
        {slides.map((slide, n) => (
          <div
            key={n}
            className={`gym-carousel__slide${n === current ? ' is-active' : ''}`}
            role="group"
            aria-roledescription="slide"
            aria-label={`${n + 1} de ${count}`}
            hidden={n !== current}
          >
            <img
              className="gym-carousel__image"
              src={slide.image}
              alt={slide.alt}
              width={imageWidth}
              height={imageHeight}
              loading={n === 0 ? 'eager' : 'lazy'}
            />
            <div className="gym-carousel__caption">
              <div className="container">
                <h2 className="gym-carousel__title">{slide.title}</h2>
                <p className="gym-carousel__text">{slide.text}</p>
                {slide.cta && (
                  <Link className="btn btn-primary btn-lg" to={slide.cta.to}>
                    {slide.cta.label}
                  </Link>
                )}
              </div>
            </div>
          </div>
        ))}
      </div>
      {count > 1 && (
        <div className="gym-carousel__controls">
          <button
            ref={rotationButton}
            type="button"
            className="gym-carousel__button"
            aria-label={paused ? 'Reanudar el carrusel' : 'Pausar el carrusel'}
            onClick={() => setUserPaused(!paused)}
          >
            <span aria-hidden="true">{paused ? '▶' : '❚❚'}</span>
          </button>
          <button
            type="button"
            className="gym-carousel__button"
            aria-controls={`${id}-slides`}
            aria-label="Diapositiva anterior"
            onClick={() => go(current - 1)}
          >
            <span aria-hidden="true">‹</span>
          </button>
          <div className="gym-carousel__indicators">
            {slides.map((_slide, n) => (
              <button
                key={n}
                type="button"
                className="gym-carousel__dot"
                aria-controls={`${id}-slides`}
                aria-label={`Ir a la diapositiva ${n + 1}`}
                aria-current={n === current ? 'true' : undefined}
                onClick={() => go(n)}
              />
            ))}
          </div>
          <button
            type="button"
            className="gym-carousel__button"
            aria-controls={`${id}-slides`}
            aria-label="Diapositiva siguiente"
            onClick={() => go(current + 1)}
          >
            <span aria-hidden="true">›</span>
          </button>
        </div>
      )}
    </section>
  );
}
