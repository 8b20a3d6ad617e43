import { lazy, Suspense } from 'react';
import { Navigate, useRoutes } from 'react-router-dom';
import { paths } from '@/config/paths';

const ClassesPage = lazy(() => import('../../features/classes/pages/classes-page'));
const DoorPage = lazy(() => import('../../features/classes/pages/door-page'));
const CashPage = lazy(() => import('../../features/reports/pages/cash-page'));
const ReportsPage = lazy(() => import('../../features/reports/pages/reports-page'));
const InvoicesPage = lazy(() => import('../../features/invoices/pages/invoices-page'));
const PricingPage = lazy(() => import('../../features/pricing/pages/pricing-page'));
const IpcReportSection = lazy(() => import('../../features/pricing').then((m) => ({ default: m.IpcReportSection })));
const ConsumerDeskPage = lazy(() => import('../../features/consumer-requests/pages/consumer-desk-page'));

/** /admin/*: the screens routed here rather than in the shop's entry (classes, the door, the cash closing, the reports, the invoices, the bajas); anything else goes to the panel. */
export default function AdminMoreRoutes() {
  return useRoutes([
    { path: 'clases', element: <ClassesPage /> },
    { path: 'ingreso', element: <DoorPage /> },
    { path: 'caja', element: <CashPage /> },
    // Reportes, with the income against the IPC from the pricing feature (composed here: features never import each other).
    {
      path: 'reportes',
      element: (
        <ReportsPage
          below={
            <Suspense fallback={null}>
              <IpcReportSection />
            </Suspense>
          }
        />
      ),
    },
    { path: 'facturas', element: <InvoicesPage /> },
    { path: 'precios', element: <PricingPage /> },
    { path: 'bajas', element: <ConsumerDeskPage /> },
    { path: '*', element: <Navigate to={paths.admin.panel} replace /> },
  ]);
}
