import { lazy, Suspense } from 'react';
import { lazyWithTimeout } from '../../web/lazyWithTimeout';
import { LoadingLabel } from '../theme/LoadingLabel';

// react-toastify in a chunk of its own, out of the admin's first load: the
// container draws nothing until a toast, and react-admin's queue (and the
// light login's flash) wait for it, so no message is lost.
const ToastNotifications = lazy(lazyWithTimeout(() => import('./ToastNotifications').then((m) => ({ default: m.ToastNotifications }))));

/**
 * What react-admin renders once beside every route (its `notification`
 * slot, login and full-page screens included): the toasts, and the hidden
 * name of every progress indicator.
 */
export function AppNotifications() {
  return (
    <>
      <Suspense fallback={null}>
        <ToastNotifications />
      </Suspense>
      <LoadingLabel />
    </>
  );
}
