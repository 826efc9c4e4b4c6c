import { ToastNotifications } from './ToastNotifications';
import { LoadingLabel } from '../theme/LoadingLabel';

/**
 * What react-admin renders once beside every route (its `notification`
 * slot, login and full-page screens included): the toasts, and the hidden
 * name of every progress indicator.
 */
export function AppNotifications() {
  return (
    <>
      <ToastNotifications />
      <LoadingLabel />
    </>
  );
}
