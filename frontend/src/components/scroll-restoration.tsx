import { useEffect, useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

const STORAGE_KEY = 'gym:scroll-positions';
const RESTORE_FRAMES = 60;

const positions = new Map<string, number>(readSaved());
let lastY = typeof window === 'undefined' ? 0 : window.scrollY;

function readSaved(): [string, number][] {
  try {
    return JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]');
  } catch {
    return [];
  }
}

/**
 * React Router's <ScrollRestoration> for a declarative <BrowserRouter> (the data router costs
 * ~17 kB gzip on every page): a new page opens at the top, back and forward return to where the
 * reader was, waiting up to a second for a lazy page or its data to grow tall enough.
 */
export function ScrollRestoration() {
  const { key, hash } = useLocation();
  const type = useNavigationType();

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const track = () => {
      lastY = window.scrollY;
    };
    // The first entry of a visit has no key of its own ('default'): it is not carried to the next visit.
    const save = () =>
      sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...positions].filter(([k]) => k !== 'default').slice(-50)));
    window.addEventListener('scroll', track, { passive: true });
    window.addEventListener('pagehide', save);
    return () => {
      window.removeEventListener('scroll', track);
      window.removeEventListener('pagehide', save);
    };
  }, []);

  useLayoutEffect(() => {
    const target = type === 'POP' ? (positions.get(key) ?? 0) : hash ? null : 0;
    let frame = 0;
    let request = 0;
    const restore = () => {
      if (target === null) return;
      window.scrollTo(0, target);
      if (Math.abs(window.scrollY - target) > 1 && frame++ < RESTORE_FRAMES) request = requestAnimationFrame(restore);
    };
    restore();
    return () => {
      cancelAnimationFrame(request);
      positions.set(key, lastY);
    };
  }, [key, hash, type]);

  return null;
}
