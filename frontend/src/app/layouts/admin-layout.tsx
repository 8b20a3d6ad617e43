import { Suspense, useEffect, useRef, useState } from 'react';
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { forgetAnswers } from '../../api/server-state';
import { Loading } from '../../components/status';
import '../../components/table-stack.css';
import { paths } from '../../config/paths';
import { classPaths } from '../../features/classes/class-paths';
import { roleLabels, type Action } from '@gym/contracts/roles';
import { reportPaths } from '../../features/reports';
import { consumerDeskPath } from '../../features/consumer-requests';
import { invoicesPath } from '../../features/invoices';
import { pricingPath } from '../../features/pricing';
import { screenAction } from '../../config/screen-permissions';
import { useAuth } from '../../features/auth';
import { ForbiddenPage, RequireStaff, useCan } from '../../features/auth/staff';
import { ChangePasswordPage } from '../../features/account';

interface NavItem {
  to: string;
  label: string;
  end?: boolean;
  /** The other screens of the same section, where its link is shown as the current one too. */
  within?: string[];
  /** Gathered under *Más* (when the role has more than one of them), so the bar stays one line at 1366 px. */
  more?: true;
}

/** Every entry of the staff menu; each role sees those its permissions allow (config/screen-permissions.ts). */
const LINKS: NavItem[] = [
  { to: paths.admin.panel, label: 'Administrador', end: true },
  { to: paths.admin.plans, label: 'Planes', within: [paths.admin.addPlan, paths.admin.editPlan('')] },
  {
    to: paths.admin.clients,
    label: 'Usuarios',
    within: [paths.admin.clientList, paths.admin.addClient, paths.admin.editClient('')],
  },
  { to: '/membresias', label: 'Membresías' },
  { to: classPaths.door, label: 'Ingreso' },
  { to: classPaths.classes, label: 'Clases' },
  { to: paths.admin.chat, label: 'Chat', within: [paths.admin.chatWith('')] },
  { to: paths.admin.products, label: 'Productos' },
  { to: paths.admin.orders, label: 'Pedidos' },
  { to: paths.admin.staff, label: 'Tabla admin' },
  { to: reportPaths.cash, label: 'Caja', more: true },
  { to: reportPaths.reports, label: 'Reportes', more: true },
  { to: invoicesPath, label: 'Facturas', more: true },
  { to: pricingPath, label: 'Precios', more: true },
  { to: consumerDeskPath, label: 'Bajas pedidas', more: true },
  { to: paths.admin.audit, label: 'Auditoría', more: true },
  { to: paths.admin.account, label: 'Mi cuenta', more: true },
];

/** The entries `allowed` lets the role use: those on the bar, and those under *Más* (none when only one is left). */
function menuFor(allowed: (action: Action) => boolean): { bar: NavItem[]; more: NavItem[] } {
  const mine = LINKS.filter((link) => allowed(screenAction(link.to) ?? 'cuenta.propia'));
  const more = mine.filter((link) => link.more);
  return more.length > 1 ? { bar: mine.filter((link) => !link.more), more } : { bar: mine, more: [] };
}

/** SPEC §2 admin navigation (dark, brand GYM), behind the staff guard. Loaded only by staff. */
export default function AdminLayout() {
  const userId = useAuth().state.user?._id;
  // Whoever signs in or out (or loses the session), the staff screens' cache forgets what the
  // previous person was shown: the cleanup runs when the account changes and when leaving the panel.
  useEffect(() => forgetAnswers, [userId]);
  return (
    <RequireStaff>
      <AdminShell />
    </RequireStaff>
  );
}

function AdminShell() {
  const { state, signOut } = useAuth();
  const navigate = useNavigate();
  const [expanded, setExpanded] = useState(false);
  const { pathname } = useLocation();
  const allowed = useCan();
  const menu = menuFor(allowed);
  const [moreOpen, setMoreOpen] = useState(false);
  const moreRef = useRef<HTMLLIElement>(null);
  const isWithin = (link: NavItem) => link.within?.some((path) => pathname.startsWith(path)) ?? false;
  const screen = screenAction(pathname);

  // *Más* closes on a click elsewhere or Escape, as the shop's menu does.
  useEffect(() => {
    if (!moreOpen) return;
    const onClick = (event: MouseEvent) => {
      if (!moreRef.current?.contains(event.target as Node)) setMoreOpen(false);
    };
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setMoreOpen(false);
    document.addEventListener('mousedown', onClick);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onClick);
      document.removeEventListener('keydown', onKey);
    };
  }, [moreOpen]);
  const mustChangePassword = state.status === 'signed-in' && state.mustChangePassword;

  const leave = async () => {
    await signOut();
    void navigate(paths.shopHome);
  };

  return (
    <div className="d-flex flex-column min-vh-100 bg-body-tertiary">
      <nav className="navbar navbar-expand-xl navbar-dark bg-dark" aria-label="Administración">
        <div className="container-fluid">
          <Link className="navbar-brand fw-bold" to={paths.home}>
            GYM
          </Link>
          <button
            className="navbar-toggler"
            type="button"
            aria-controls="admin-navbar-links"
            aria-expanded={expanded}
            aria-label="Abrir el menú"
            onClick={() => setExpanded((value) => !value)}
          >
            <span className="navbar-toggler-icon" />
          </button>
          <div id="admin-navbar-links" className={`collapse navbar-collapse${expanded ? ' show' : ''}`}>
            <ul className="navbar-nav me-auto">
              {menu.bar.map((link) => (
                <li className="nav-item" key={link.to}>
                  <NavLink
                    className={({ isActive }) => (isActive || isWithin(link) ? 'nav-link active' : 'nav-link')}
                    to={link.to}
                    end={link.end}
                    onClick={() => setExpanded(false)}
                  >
                    {link.label}
                  </NavLink>
                </li>
              ))}
              {menu.more.length > 0 && (
                <li className="nav-item dropdown" ref={moreRef}>
                  <button
                    type="button"
                    className={`nav-link dropdown-toggle${menu.more.some((link) => pathname.startsWith(link.to)) ? ' active' : ''}`}
                    aria-expanded={moreOpen}
                    aria-controls="admin-more-menu"
                    onClick={() => setMoreOpen((open) => !open)}
                  >
                    Más
                  </button>
                  <ul id="admin-more-menu" className={`dropdown-menu dropdown-menu-dark${moreOpen ? ' show' : ''}`}>
                    {menu.more.map((link) => (
                      <li key={link.to}>
                        <NavLink
                          className={({ isActive }) => (isActive ? 'dropdown-item active' : 'dropdown-item')}
                          to={link.to}
                          onClick={() => {
                            setMoreOpen(false);
                            setExpanded(false);
                          }}
                        >
                          {link.label}
                        </NavLink>
                      </li>
                    ))}
                  </ul>
                </li>
              )}
            </ul>
            <span className="navbar-text small me-3 d-inline-flex align-items-center text-nowrap">
              <span className="d-inline-block text-truncate" style={{ maxWidth: '14rem' }} title={state.user?.email}>
                {state.user?.email}
              </span>
              {state.user && <span className="badge text-bg-secondary ms-2">{roleLabels[state.user.role]}</span>}
            </span>
            <button type="button" className="btn btn-outline-light btn-sm" onClick={leave}>
              Cerrar sesión
            </button>
          </div>
        </div>
      </nav>
      <main id="contenido" className="flex-grow-1 container py-4">
        <Suspense fallback={<Loading />}>
          {mustChangePassword ? <ChangePasswordPage /> : screen && !allowed(screen) ? <ForbiddenPage /> : <Outlet />}
        </Suspense>
      </main>
    </div>
  );
}
