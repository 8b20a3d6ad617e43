import { BrowserRouter, useRoutes } from 'react-router-dom';
import { AuthProvider } from '../features/auth';
import { CartProvider } from '../features/cart';
import { routes } from './router';

/** A declarative router: the data router's loaders and actions are not used, and cost ~17 kB gzip. */
function AppRoutes() {
  return useRoutes(routes);
}

export function App() {
  return (
    <AuthProvider>
      <CartProvider>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </CartProvider>
    </AuthProvider>
  );
}
