// The build's server entry (frontend/prerender.mjs): the HTML of a public page as the app first
// renders it in the browser (data still loading), so the page paints before any script runs.
import { StrictMode, type ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { App } from './app/app';
import { RootErrorBoundary } from './app/root-error-boundary';
import { PageTitleSink } from './components/use-page-title';
import { paths } from './config/paths';

/**
 * The pages whose first render depends on nothing but their URL, with the module of each (the one
 * src/app/router.tsx loads for it: the build links its stylesheets and scripts in the page's head).
 */
export const PRERENDERED: Record<string, string> = {
  [paths.home]: 'src/features/site/pages/home-page.tsx',
  [paths.boxeo]: 'src/features/site/pages/boxeo-page.tsx',
  [paths.yoga]: 'src/features/site/pages/yoga-page.tsx',
  [paths.libre]: 'src/features/site/pages/libre-page.tsx',
  [paths.about]: 'src/features/site/pages/about-page.tsx',
  [paths.faq]: 'src/features/site/pages/faq-page.tsx',
  [paths.shopHome]: 'src/features/shop/pages/shop-home-page.tsx',
};

/**
 * The root's inner HTML for `url`, every lazy page loaded (the same tree as src/main.tsx), and the
 * title the page gives itself (usePageTitle).
 */
export async function render(url: string): Promise<{ html: string; title: string | null }> {
  let title: string | null = null;
  const Router = ({ children }: { children: ReactNode }) => <StaticRouter location={url}>{children}</StaticRouter>;
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <PageTitleSink.Provider value={(text) => (title = text)}>
        <RootErrorBoundary>
          <App Router={Router} />
        </RootErrorBoundary>
      </PageTitleSink.Provider>
    </StrictMode>,
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  return { html: Buffer.concat(chunks).toString('utf8'), title };
}
