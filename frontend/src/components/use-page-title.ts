import { createContext, useContext, useEffect } from 'react';

/** The tab's text for a page's title. */
export const pageTitle = (title: string) => (title ? `${title} | GYM Tucumán` : 'GYM Tucumán');

/**
 * Where a page's title goes while the build prerenders it (src/prerender.tsx writes it into the
 * page's head); nothing provides it in the browser.
 */
export const PageTitleSink = createContext<((title: string) => void) | null>(null);

/** Every page names itself in Spanish in the browser tab. */
export function usePageTitle(title: string) {
  useContext(PageTitleSink)?.(pageTitle(title));
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
}
