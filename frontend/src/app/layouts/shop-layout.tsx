import { Suspense, useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { ScrollRestoration } from '../../components/scroll-restoration';
import { Loading } from '../../components/status';
import { useAuthModals, type LoginRedirectState } from '../../features/auth';
import { CartPanelOnDemand } from '../../features/cart';
import { ShopNavbar } from './shop-navbar';
import { SiteFooter } from './site-footer';

const isLoginRedirect = (state: unknown): state is LoginRedirectState =>
  typeof state === 'object' && state !== null && (state as { login?: unknown }).login === true;

/** Every public page and the shop: navbar, the page, the footer, the cart panel and the staff dialogs. */
export function ShopLayout() {
  const location = useLocation();
  const navigate = useNavigate();
  const modals = useAuthModals();

  useEffect(() => {
    if (!isLoginRedirect(location.state)) return;
    const { returnTo, notice } = location.state;
    modals.open('login', { returnTo, notice });
    void navigate(location.pathname + location.search, { replace: true, state: null });
  }, [location, modals, navigate]);

  return (
    <div className="d-flex flex-column min-vh-100">
      <a className="visually-hidden-focusable position-absolute top-0 start-0 p-2 bg-white" href="#contenido">
        Saltar al contenido
      </a>
      <ShopNavbar />
      {/* At least a screen tall: the footer waits below the fold while a page loads (no layout shift). */}
      <main id="contenido" className="flex-grow-1 min-vh-100">
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
      <CartPanelOnDemand />
      <ScrollRestoration />
    </div>
  );
}
