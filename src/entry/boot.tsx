import { createRoot } from 'react-dom/client';
import { StrictMode, lazy, Suspense, type ComponentType } from 'react';
import { lazyWithTimeout } from '../core/web/lazyWithTimeout';
import { ErrorBoundary } from '../core/web/ErrorBoundary';
import { ErrorScreen } from '../core/web/ErrorScreen';

/** Renders the chosen face; `load` was started by main.ts before React itself arrived. */
export function boot(load: () => Promise<{ default: ComponentType }>): void {
  const App = lazy(lazyWithTimeout(load));
  const container = document.getElementById('root');
  if (!container) throw new Error('Missing #root');
  createRoot(container).render(
    <StrictMode>
      {/* A face whose chunk fails or takes over 120 s shows the error screen. */}
      <ErrorBoundary fallback={(error) => <ErrorScreen error={error} />}>
        <Suspense fallback={null}>
          <App />
        </Suspense>
      </ErrorBoundary>
    </StrictMode>,
  );
}
