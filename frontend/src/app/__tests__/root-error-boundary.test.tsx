import fs from 'node:fs';
import path from 'node:path';
import { lazy, Suspense } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { appShellMessages } from '@gym/contracts/edge';
import { installPreloadRecovery, RootErrorBoundary } from '../root-error-boundary';

/** A lazy screen whose chunk is gone (a deploy replaced it): the import rejects as a browser's does. */
const GoneScreen = lazy(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));

describe('a failed screen never leaves a blank page', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  test('a lazy chunk that fails to load shows the Spanish message, and Reintentar reloads', async () => {
    const reload = jest.fn();
    render(
      <RootErrorBoundary onRetry={reload}>
        <Suspense fallback={<p>Cargando…</p>}>
          <GoneScreen />
        </Suspense>
      </RootErrorBoundary>,
    );
    expect(await screen.findByRole('heading', { name: appShellMessages.crashedTitle })).toBeInTheDocument();
    expect(screen.getByText(appShellMessages.crashedText)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  test('a screen that renders fine is shown as is', () => {
    render(
      <RootErrorBoundary>
        <p>Tienda</p>
      </RootErrorBoundary>,
    );
    expect(screen.getByText('Tienda')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('vite:preloadError (a chunk the new deploy no longer has) reloads the page once', () => {
  test('the first failure reloads and stops the error; another right after is left to the error boundary', () => {
    const target = new EventTarget();
    const reload = jest.fn();
    let clock = 1_000_000;
    const uninstall = installPreloadRecovery({
      target: target as unknown as Window,
      storage: window.sessionStorage,
      reload,
      now: () => clock,
    });
    try {
      const first = new Event('vite:preloadError', { cancelable: true });
      target.dispatchEvent(first);
      expect(reload).toHaveBeenCalledTimes(1);
      expect(first.defaultPrevented).toBe(true);

      clock += 5_000;
      const again = new Event('vite:preloadError', { cancelable: true });
      target.dispatchEvent(again);
      expect(reload).toHaveBeenCalledTimes(1);
      expect(again.defaultPrevented).toBe(false);

      clock += 60_000; // a later deploy, much later: one more reload
      target.dispatchEvent(new Event('vite:preloadError', { cancelable: true }));
      expect(reload).toHaveBeenCalledTimes(2);
    } finally {
      uninstall();
      window.sessionStorage.clear();
    }
  });

  test('main.tsx installs it and wraps the app in the boundary', () => {
    const source = fs.readFileSync(path.join(__dirname, '../../main.tsx'), 'utf8');
    expect(source).toMatch(/installPreloadRecovery\(\);/);
    expect(source).toMatch(/<RootErrorBoundary>\s*<App \/>\s*<\/RootErrorBoundary>/);
  });
});
