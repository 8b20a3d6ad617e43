import { Suspense, useEffect, useState } from 'react';
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { forgetAnswers } from '../../api/server-state';
import { Loading } from '../../components/status';
import '../../components/table-stack.css';
import { paths } from '../../config/paths';
import { classPaths } from '../../features/classes/class-paths';
import { roleLabels } from '@gym/contracts';
import { screenAction } from '../../config/screen-permissions';
import { useAuth } from '../../features/auth';
import { ForbiddenPage, RequireStaff, useCan } from '../../features/auth/staff';
import { ChangePasswordPage } from '../../features/account';

/** `within`: the other screens of the same section, where its link is shown as the current one too. */
const LINKS: { to: string; label: string; end?: boolean; within?: string[] }[] = [
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
  { to: paths.admin.audit, label: 'Auditoría' },
  { to: paths.admin.account, label: 'Mi cuenta' },
];

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
  const screen = screenAction(pathname);
  const mustChangePassword = state.status === 'signed-in' && state.mustChangePassword;

  const leave = async () => {
    await signOut();
    navigate(paths.shopHome);
  };

  return (
    <div className="d-flex flex-column min-vh-100 bg-body-tertiary">
      <nav className="navbar navbar-expand-lg navbar-dark bg-dark" aria-label="Administración">
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
              {LINKS.filter((link) => allowed(screenAction(link.to) ?? 'cuenta.propia')).map((link) => (
                <li className="nav-item" key={link.to}>
                  <NavLink
                    className={({ isActive }) =>
                      isActive || link.within?.some((path) => pathname.startsWith(path))
                        ? 'nav-link active'
                        : 'nav-link'
                    }
                    to={link.to}
                    end={link.end}
                    onClick={() => setExpanded(false)}
                  >
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
            <span className="navbar-text small me-3">
              {state.user?.email}
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
