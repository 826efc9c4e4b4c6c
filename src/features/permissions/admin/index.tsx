import { lazy } from 'react';
import VpnKeyIcon from '@mui/icons-material/VpnKey';
import { lazyWithTimeout } from '../../../core/web/lazyWithTimeout';
import type { AdminResourceModule } from '../../../core/admin/resources/module';

// Its own chunk: its confirmation dialog (MUI's Dialog) is not needed before the list shows;
// the list's loading state covers the wait.
const ReinitiatePermissionsButton = lazy(
  lazyWithTimeout(() => import('./ReinitiatePermissionsButton').then((m) => ({ default: m.ReinitiatePermissionsButton }))),
);

/** The generated list plus 'Reinitiate Permissions' beside 'Add New'. */
export const permissions: AdminResourceModule = {
  icon: VpnKeyIcon,
  listActions: <ReinitiatePermissionsButton />,
};
