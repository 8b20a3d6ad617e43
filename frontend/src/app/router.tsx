import { lazy } from 'react';
import { Outlet, type RouteObject } from 'react-router-dom';
import { Notices } from '../components/notices';
import { paths } from '../config/paths';
import { AuthModalsProvider } from '../features/auth';
import type { AdminScreenName } from './admin-screens';
import { ShopLayout } from './layouts/shop-layout';

const page = (load: () => Promise<{ default: React.ComponentType }>) => {
  const Page = lazy(load);
  return <Page />;
};

const AdminLayout = lazy(() => import('./layouts/admin-layout'));
const AdminScreen = lazy(() => import('./admin-screens'));
/** A staff screen by name: the table of their imports stays out of the public bundle. */
const admin = (screen: AdminScreenName) => <AdminScreen screen={screen} />;

/** Every route of SPEC §2. Pages load on demand; the admin side is never in the public bundle. */
export const routes: RouteObject[] = [
  {
    element: (
      <AuthModalsProvider>
        <Outlet />
        {/* Every layout's success notices (public, staff, /socio): one live region, mounted once. */}
        <Notices />
      </AuthModalsProvider>
    ),
    children: [
      {
        element: <ShopLayout />,
        children: [
          { path: paths.home, element: page(() => import('../features/site/pages/home-page')) },
          { path: paths.boxeo, element: page(() => import('../features/site/pages/boxeo-page')) },
          { path: paths.yoga, element: page(() => import('../features/site/pages/yoga-page')) },
          { path: paths.libre, element: page(() => import('../features/site/pages/libre-page')) },
          { path: paths.about, element: page(() => import('../features/site/pages/about-page')) },
          { path: paths.faq, element: page(() => import('../features/site/pages/faq-page')) },
          { path: paths.shopHome, element: page(() => import('../features/shop/pages/shop-home-page')) },
          {
            path: '/ecommerce-categoria/:categoria',
            element: page(() => import('../features/shop/pages/category-page')),
          },
          { path: '/ecommerce-producto/:id', element: page(() => import('./routes/product-route')) },
          { path: paths.checkout, element: page(() => import('./routes/checkout-route')) },
          { path: '/pedido/:numero', element: page(() => import('../features/checkout/pages/order-page')) },
          { path: '/socio/*', element: page(() => import('./routes/member-routes')) },
          { path: '/baja', element: page(() => import('../features/consumer-requests/pages/baja-page')) },
          {
            path: '/arrepentimiento',
            element: page(() => import('../features/consumer-requests/pages/arrepentimiento-page')),
          },
          { path: paths.error, element: page(() => import('../features/site/pages/not-found-page')) },
          { path: '*', element: page(() => import('../features/site/pages/not-found-page')) },
        ],
      },
      {
        element: <AdminLayout />,
        children: [
          { path: paths.admin.panel, element: admin('panel') },
          { path: paths.admin.products, element: admin('products') },
          { path: paths.admin.staff, element: admin('staff') },
          { path: paths.admin.audit, element: admin('audit') },
          { path: paths.admin.account, element: admin('account') },
          { path: paths.admin.clients, element: admin('clients') },
          { path: paths.admin.clientList, element: admin('clientList') },
          { path: paths.admin.archivedClients, element: admin('archivedClients') },
          { path: '/clientes/ver/:idUsuario', element: admin('viewClient') },
          { path: paths.admin.addClient, element: admin('addClient') },
          { path: '/editarusuario/:idUsuario', element: admin('editClient') },
          { path: paths.admin.plans, element: admin('plans') },
          { path: paths.admin.addPlan, element: admin('addPlan') },
          { path: '/editarplan/:codigoPlan', element: admin('editPlan') },
          { path: paths.admin.shifts, element: admin('shifts') },
          { path: paths.admin.chat, element: admin('chat') },
          { path: '/membresias', element: admin('memberships') },
          { path: paths.admin.reminderTemplates, element: admin('reminderTemplates') },
          { path: '/chatparticular/:idUsuario', element: admin('clientChat') },
          { path: paths.admin.orders, element: admin('orders') },
          { path: '/admin/pedidos/:numero', element: admin('order') },
          { path: '/admin/*', element: admin('more') },
        ],
      },
    ],
  },
];
