import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import 'bootstrap/dist/css/bootstrap.min.css';
import './styles/theme.css';
import './styles/bootstrap-overrides.css';
import { App } from './app/app';
import { installPreloadRecovery, RootErrorBoundary } from './app/root-error-boundary';

installPreloadRecovery();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RootErrorBoundary>
      <App />
    </RootErrorBoundary>
  </StrictMode>,
);
