import { createRoot } from 'react-dom/client';
import { StrictMode, lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { adminTwin, isAdminPath } from './adminPaths';
import { lazyWithTimeout } from './lazyWithTimeout';

// Two faces, one SPA: the admin chunk (react-admin + MUI) is only fetched
// under /admin, so a visitor of the public site never downloads it.
const twin = adminTwin(window.location.pathname, window.location.search);
if (twin) window.history.replaceState(window.history.state, '', twin + window.location.hash);

const App: LazyExoticComponent<ComponentType> = isAdminPath(window.location.pathname)
  ? lazy(lazyWithTimeout(() => import('../admin/AdminRoot')))
  : lazy(lazyWithTimeout(() => import('../site/SiteRoot')));

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root');
createRoot(container).render(
  <StrictMode>
    <Suspense fallback={null}>
      <App />
    </Suspense>
  </StrictMode>,
);
