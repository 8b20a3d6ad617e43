export { AuthProvider, useAuth } from './auth-context';
export { AuthModalsProvider, useAuthModals } from './auth-modals';
export { RequireStaff, type LoginRedirectState } from './components/require-staff';
export { useCan } from './use-can';
export { ForbiddenPage } from './components/forbidden-page';
