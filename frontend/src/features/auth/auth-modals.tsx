import { createContext, lazy, Suspense, useContext, useMemo, useState, type ReactNode } from 'react';

const LoginModal = lazy(() => import('./components/login-modal'));
const StaffCodeModal = lazy(() => import('./components/staff-code-modal'));
const RegisterModal = lazy(() => import('./components/register-modal'));

export type AuthDialog = 'login' | 'code' | 'register';

export interface AuthDialogOptions {
  /** A message shown above the login form (e.g. an expired session). */
  notice?: string;
  /** Where a successful login goes instead of the panel. */
  returnTo?: string;
  /** The staff code the server accepted, kept in memory only, sent again with the registration. */
  staffCode?: string;
}

interface AuthModalsValue {
  open: (dialog: AuthDialog, options?: AuthDialogOptions) => void;
  close: () => void;
}

const AuthModalsContext = createContext<AuthModalsValue | null>(null);

interface Shown extends AuthDialogOptions {
  dialog: AuthDialog;
}

/** The staff entry of the shop: login, the staff-code prompt and registration, loaded when first opened. */
export function AuthModalsProvider({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState<Shown | null>(null);
  const value = useMemo<AuthModalsValue>(
    () => ({ open: (dialog, options) => setShown({ dialog, ...options }), close: () => setShown(null) }),
    [],
  );
  const props = { onClose: value.close, onSwitch: value.open };
  return (
    <AuthModalsContext.Provider value={value}>
      {children}
      <Suspense fallback={null}>
        {shown?.dialog === 'login' && <LoginModal {...props} notice={shown.notice} returnTo={shown.returnTo} />}
        {shown?.dialog === 'code' && <StaffCodeModal {...props} />}
        {shown?.dialog === 'register' && <RegisterModal {...props} staffCode={shown.staffCode ?? ''} />}
      </Suspense>
    </AuthModalsContext.Provider>
  );
}

export function useAuthModals(): AuthModalsValue {
  const value = useContext(AuthModalsContext);
  if (!value) throw new Error('useAuthModals needs an AuthModalsProvider');
  return value;
}

export interface AuthModalProps {
  onClose: () => void;
  onSwitch: (dialog: AuthDialog, options?: AuthDialogOptions) => void;
}
