import { useEffect } from 'react';

/** Every page names itself in Spanish in the browser tab. */
export function usePageTitle(title: string) {
  useEffect(() => {
    document.title = title ? `${title} | GYM Tucumán` : 'GYM Tucumán';
  }, [title]);
}
