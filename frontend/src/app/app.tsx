import type { ComponentType, ReactNode } from 'react';
import { BrowserRouter, useRoutes } from 'react-router-dom';
import { AuthProvider } from '../features/auth';
import { CartProvider } from '../features/cart';
import { routes } from './router';

/** A declarative router: the data router's loaders and actions are not used, and cost ~17 kB gzip. */
function AppRoutes() {
  return useRoutes(routes);
}

/**
 * The whole app. `Router` is the browser's; the build's prerender (src/prerender.tsx) passes a
 * StaticRouter at one URL, so the HTML it writes is what this tree first renders in the browser.
 */
export function App({ Router = BrowserRouter }: { Router?: ComponentType<{ children: ReactNode }> }) {
  return (
    <AuthProvider>
      <CartProvider>
        <Router>
          <AppRoutes />
        </Router>
      </CartProvider>
    </AuthProvider>
  );
}
