export { AuthProvider, useAuth } from './auth-context';
export { AuthModalsProvider, useAuthModals } from './auth-modals';
export type { LoginRedirectState } from './components/require-staff';
