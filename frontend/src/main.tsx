import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import 'bootstrap/dist/css/bootstrap.min.css';
import './styles/theme.css';
import './styles/bootstrap-overrides.css';
import { App } from './app/app';
import { installPreloadRecovery, RootErrorBoundary } from './app/root-error-boundary';

installPreloadRecovery();

const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <RootErrorBoundary>
      <App />
    </RootErrorBoundary>
  </StrictMode>
);
// The public pages come prerendered (frontend/prerender.mjs): React takes over their HTML. Every
// other URL gets the empty shell and renders here. As a transition, the first render yields to the
// browser every few milliseconds instead of holding the thread until it is done (a tap is answered).
startTransition(() => {
  if (container.hasChildNodes()) hydrateRoot(container, app);
  else createRoot(container).render(app);
});
