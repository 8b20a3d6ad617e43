import { lazy } from 'react';
import { Navigate, useRoutes } from 'react-router-dom';

const MemberPortalPage = lazy(() => import('../../features/members/pages/member-portal-page'));
const MemberSignInPage = lazy(() => import('../../features/members/pages/member-sign-in-page'));
const MemberLinkPage = lazy(() => import('../../features/members/pages/member-link-page'));
const MemberClassesPage = lazy(() => import('../../features/classes/pages/member-classes-page'));

/**
 * /socio/*: the members' portal. Its routes and pages load on demand from here, so the shop's
 * entry carries one route and one file name for all of it (the 110 kB budget of the shop home).
 */
export default function MemberRoutes() {
  return useRoutes([
    { index: true, element: <MemberPortalPage /> },
    { path: 'ingresar', element: <MemberSignInPage /> },
    { path: 'entrar', element: <MemberLinkPage /> },
    { path: 'clases', element: <MemberClassesPage /> },
    { path: '*', element: <Navigate to="/error" replace /> },
  ]);
}
