export { ChangePasswordPage } from './pages/change-password-page';
