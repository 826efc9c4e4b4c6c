import { createRoot } from 'react-dom/client';
import { StrictMode, lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { adminTwin, isAdminPath } from './adminPaths';
import { lazyWithTimeout } from './lazyWithTimeout';
import { ErrorBoundary } from './ErrorBoundary';
import { ErrorScreen } from './ErrorScreen';
import { detectLanguage } from './language';
import { loadLocaleFile } from './localeFile';

// Two faces, one SPA: the admin chunk (react-admin + MUI) is only fetched
// under /admin, so a visitor of the public site never downloads it.
const twin = adminTwin(window.location.pathname, window.location.search);
if (twin) window.history.replaceState(window.history.state, '', twin + window.location.hash);
const admin = isAdminPath(window.location.pathname);

// The public site's texts travel while its chunk loads, not after it.
if (!admin) void loadLocaleFile(detectLanguage()).catch(() => undefined);

const App: LazyExoticComponent<ComponentType> = admin
  ? lazy(lazyWithTimeout(() => import('../admin/AdminRoot')))
  : lazy(lazyWithTimeout(() => import('../site/SiteRoot')));

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root');
createRoot(container).render(
  <StrictMode>
    {/* A face whose chunk fails or times out (SPEC 9) shows the error screen. */}
    <ErrorBoundary fallback={(error) => <ErrorScreen error={error} />}>
      <Suspense fallback={null}>
        <App />
      </Suspense>
    </ErrorBoundary>
  </StrictMode>,
);
