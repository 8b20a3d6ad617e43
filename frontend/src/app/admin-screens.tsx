import { lazy } from 'react';

/** The staff screens, each loaded on demand: this table loads with the admin side, not the shop. */
const screens = {
  panel: lazy(() => import('../features/admin-panel/pages/panel-page')),
  products: lazy(() => import('../features/admin-products/pages/products-page')),
  staff: lazy(() => import('../features/staff/pages/staff-page')),
  audit: lazy(() => import('../features/audit/pages/audit-page')),
  account: lazy(() => import('../features/account/pages/account-page')),
  clients: lazy(() => import('../features/clients/pages/client-list-page')),
  // The same page under its second path, as its own component (a remount when switching, as before).
  clientList: lazy(() => import('../features/clients/pages/client-list-page')),
  viewClient: lazy(() => import('../features/clients/pages/view-client-page')),
  archivedClients: lazy(() => import('../features/clients/pages/archived-clients-page')),
  addClient: lazy(() => import('../features/clients/pages/add-client-page')),
  editClient: lazy(() => import('./routes/edit-client-route')),
  plans: lazy(() => import('../features/plans/pages/plans-page')),
  addPlan: lazy(() => import('../features/plans/pages/add-plan-page')),
  editPlan: lazy(() => import('../features/plans/pages/edit-plan-page')),
  shifts: lazy(() => import('../features/shifts/pages/shifts-page')),
  chat: lazy(() => import('../features/messages/pages/chat-page')),
  clientChat: lazy(() => import('../features/messages/pages/client-chat-page')),
  memberships: lazy(() => import('../features/memberships/pages/desk-page')),
  reminderTemplates: lazy(() => import('../features/memberships/pages/templates-page')),
  orders: lazy(() => import('../features/admin-orders/pages/orders-page')),
  order: lazy(() => import('../features/admin-orders/pages/order-detail-page')),
  // /admin/clases, /admin/ingreso and what else /admin/* holds: routed in their own chunk, so the
  // shop's entry carries no new route (its 110 kB budget).
  more: lazy(() => import('./routes/admin-more-routes')),
};

export type AdminScreenName = keyof typeof screens;

export default function AdminScreen({ screen }: { screen: AdminScreenName }) {
  const Screen = screens[screen];
  return <Screen />;
}
