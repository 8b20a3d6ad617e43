import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { cartCount } from '@/lib/cart';
import { agreeing } from '@gym/contracts/format';
import { paths } from '../../config/paths';
import { useAuth, useAuthModals } from '../../features/auth';
import { useCart } from '../../features/cart';

const SHOP_LINKS = [
  { to: paths.shopHome, label: 'Tienda' },
  { to: paths.category('indumentaria'), label: 'Indumentaria' },
  { to: paths.category('accesorios'), label: 'Accesorios' },
  { to: paths.category('equipos'), label: 'Equipos' },
  { to: paths.category('all'), label: 'Ver todo' },
];

const CLASS_LINKS = [
  { to: paths.boxeo, label: 'Boxeo' },
  { to: paths.yoga, label: 'Yoga' },
  { to: paths.libre, label: 'Libre' },
  { to: paths.about, label: 'Quiénes somos' },
];

/** SPEC §2 shop navbar: brand, the 'Tienda Online' menu, the class pages, staff entry and the cart. */
export function ShopNavbar() {
  const [expanded, setExpanded] = useState(false);
  const [shopMenu, setShopMenu] = useState(false);
  const menuRef = useRef<HTMLLIElement>(null);
  const location = useLocation();
  const modals = useAuthModals();
  const auth = useAuth();
  const staff = auth.state.status === 'signed-in';
  const cart = useCart();
  const count = cartCount(cart.lines);

  const [shownPath, setShownPath] = useState(location.pathname);
  if (shownPath !== location.pathname) {
    setShownPath(location.pathname);
    setExpanded(false);
    setShopMenu(false);
  }

  useEffect(() => {
    if (!shopMenu) return;
    const onClick = (event: MouseEvent) => {
      if (!menuRef.current?.contains(event.target as Node)) setShopMenu(false);
    };
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setShopMenu(false);
    document.addEventListener('mousedown', onClick);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onClick);
      document.removeEventListener('keydown', onKey);
    };
  }, [shopMenu]);

  return (
    <nav className="navbar navbar-expand-lg navbar-dark bg-dark sticky-top shop-navbar" aria-label="Principal">
      <div className="container">
        <Link className="navbar-brand fw-bold d-flex align-items-center gap-2" to={paths.home}>
          <img src="/favicon.svg" alt="" width={32} height={32} />
          GYM Tucumán
        </Link>
        <div className="d-flex align-items-center gap-2 order-lg-last ms-auto ms-lg-2">
          <button
            type="button"
            className="btn btn-primary btn-sm position-relative"
            onClick={() => cart.setPanelOpen(true)}
          >
            <svg width="18" height="18" viewBox="0 0 16 16" fill="currentColor" aria-hidden="true">
              <path d="M0 1.5A.5.5 0 0 1 .5 1H2a.5.5 0 0 1 .49.4L2.89 3H14.5a.5.5 0 0 1 .49.6l-1.5 6A.5.5 0 0 1 13 10H4a.5.5 0 0 1-.49-.4L1.61 2H.5a.5.5 0 0 1-.5-.5M5 12a2 2 0 1 0 0 4 2 2 0 0 0 0-4m7 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4" />
            </svg>
            {/* WCAG 2.5.3: the name starts with the count the button shows ("4 productos en el carrito") */}
            <span className="ms-1">{count}</span>
            <span className="visually-hidden"> {agreeing(count, 'producto', 'productos')} en el carrito</span>
          </button>
          <button
            className="navbar-toggler"
            type="button"
            aria-controls="shop-navbar-links"
            aria-expanded={expanded}
            aria-label="Abrir el menú"
            onClick={() => setExpanded((value) => !value)}
          >
            <span className="navbar-toggler-icon" />
          </button>
        </div>
        <div id="shop-navbar-links" className={`collapse navbar-collapse${expanded ? ' show' : ''}`}>
          <ul className="navbar-nav me-auto mb-2 mb-lg-0">
            <li className="nav-item dropdown" ref={menuRef}>
              <button
                type="button"
                className="nav-link dropdown-toggle"
                aria-expanded={shopMenu}
                aria-controls="tienda-online-menu"
                onClick={() => setShopMenu((value) => !value)}
              >
                Tienda Online
              </button>
              <ul id="tienda-online-menu" className={`dropdown-menu dropdown-menu-dark${shopMenu ? ' show' : ''}`}>
                {SHOP_LINKS.map((link) => (
                  <li key={link.to}>
                    <Link className="dropdown-item" to={link.to} onClick={() => setShopMenu(false)}>
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </li>
            {CLASS_LINKS.map((link) => (
              <li className="nav-item" key={link.to}>
                <NavLink className="nav-link" to={link.to}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <div className="d-flex flex-wrap align-items-center gap-2">
            {/* Members reach their portal from every public page (issue 40); memberPaths.signIn, written out: the shop's entry is at its budget. */}
            <Link className="btn btn-outline-light btn-sm" to="/socio/ingresar">
              Soy socio
            </Link>
            {staff ? (
              <>
                <Link className="btn btn-outline-light btn-sm" to={paths.admin.panel}>
                  Panel
                </Link>
                <button type="button" className="btn btn-outline-light btn-sm" onClick={() => void auth.signOut()}>
                  Cerrar sesión
                </button>
              </>
            ) : (
              <>
                <button type="button" className="btn btn-outline-light btn-sm" onClick={() => modals.open('code')}>
                  Crear cuenta
                </button>
                <button type="button" className="btn btn-outline-light btn-sm" onClick={() => modals.open('login')}>
                  Iniciar sesión
                </button>
              </>
            )}
          </div>
        </div>
      </div>
    </nav>
  );
}
