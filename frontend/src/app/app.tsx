import { RouterProvider } from 'react-router-dom';
import { AuthProvider } from '../features/auth';
import { CartProvider } from '../features/cart';
import { router } from './router';

export function App() {
  return (
    <AuthProvider>
      <CartProvider>
        <RouterProvider router={router} />
      </CartProvider>
    </AuthProvider>
  );
}
