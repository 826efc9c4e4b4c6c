import { createRoot } from 'react-dom/client';
import { StrictMode, lazy, Suspense } from 'react';
import { lazyWithTimeout } from '../core/web/lazyWithTimeout';
import { ErrorBoundary } from '../core/web/ErrorBoundary';
import { ErrorScreen } from '../core/web/ErrorScreen';
import { getToken } from '../core/web/session';
import { kioskTarget } from '../core/admin/kiosk/kioskTarget';

// Signed in already: like the login page, go on instead of asking again.
if (getToken()) window.location.replace(kioskTarget());

const KioskApp = lazy(lazyWithTimeout(() => import('../core/admin/kiosk/KioskApp')));

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root');
createRoot(container).render(
  <StrictMode>
    {/* Login-only shell: no stored state to clear, so no 'Clear Local Storage'. */}
    <ErrorBoundary fallback={(error) => <ErrorScreen error={error} mainShell={false} />}>
      <Suspense fallback={null}>
        <KioskApp />
      </Suspense>
    </ErrorBoundary>
  </StrictMode>,
);
