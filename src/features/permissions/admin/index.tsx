import VpnKeyIcon from '@mui/icons-material/VpnKey';
import type { AdminResourceModule } from '../../../core/admin/resources/module';
import { ReinitiatePermissionsButton } from './ReinitiatePermissionsButton';

/** The generated list plus 'Reinitiate Permissions' beside 'Add New'. */
export const permissions: AdminResourceModule = {
  icon: VpnKeyIcon,
  listActions: <ReinitiatePermissionsButton />,
};
