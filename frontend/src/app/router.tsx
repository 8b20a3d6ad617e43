import { lazy } from 'react';
import { Navigate, Outlet, type RouteObject } from 'react-router-dom';
import { paths } from '../config/paths';
import { AuthModalsProvider } from '../features/auth';
import { ShopLayout } from './layouts/shop-layout';

const page = (load: () => Promise<{ default: React.ComponentType }>) => {
  const Page = lazy(load);
  return <Page />;
};

const AdminLayout = lazy(() => import('./layouts/admin-layout'));

/** Every route of SPEC §2. Pages load on demand; the admin side is never in the public bundle. */
export const routes: RouteObject[] = [
  {
    element: (
      <AuthModalsProvider>
        <Outlet />
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
          { path: paths.error, element: page(() => import('../features/site/pages/not-found-page')) },
          { path: '*', element: page(() => import('../features/site/pages/not-found-page')) },
        ],
      },
      {
        element: <AdminLayout />,
        children: [
          { path: paths.admin.panel, element: page(() => import('../features/admin-panel/pages/panel-page')) },
          {
            path: paths.admin.products,
            element: page(() => import('../features/admin-products/pages/products-page')),
          },
          { path: paths.admin.staff, element: page(() => import('../features/staff/pages/staff-page')) },
          { path: paths.admin.audit, element: page(() => import('../features/audit/pages/audit-page')) },
          { path: paths.admin.account, element: page(() => import('../features/account/pages/account-page')) },
          { path: paths.admin.clients, element: page(() => import('../features/clients/pages/client-list-page')) },
          { path: paths.admin.clientList, element: page(() => import('../features/clients/pages/client-list-page')) },
          { path: paths.admin.addClient, element: page(() => import('../features/clients/pages/add-client-page')) },
          {
            path: '/editarusuario/:idUsuario',
            element: page(() => import('./routes/edit-client-route')),
          },
          { path: paths.admin.plans, element: page(() => import('../features/plans/pages/plans-page')) },
          { path: paths.admin.addPlan, element: page(() => import('../features/plans/pages/add-plan-page')) },
          { path: '/editarplan/:codigoPlan', element: page(() => import('../features/plans/pages/edit-plan-page')) },
          { path: paths.admin.shifts, element: page(() => import('../features/shifts/pages/shifts-page')) },
          { path: paths.admin.chat, element: page(() => import('../features/messages/pages/chat-page')) },
          { path: '/membresias', element: page(() => import('../features/memberships/pages/desk-page')) },
          {
            path: paths.admin.reminderTemplates,
            element: page(() => import('../features/memberships/pages/templates-page')),
          },
          {
            path: '/chatparticular/:idUsuario',
            element: page(() => import('../features/messages/pages/client-chat-page')),
          },
          { path: paths.admin.orders, element: page(() => import('../features/admin-orders/pages/orders-page')) },
          {
            path: '/admin/pedidos/:numero',
            element: page(() => import('../features/admin-orders/pages/order-detail-page')),
          },
          { path: '/admin/*', element: <Navigate to={paths.admin.panel} replace /> },
        ],
      },
    ],
  },
];
