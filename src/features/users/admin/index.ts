import PeopleIcon from '@mui/icons-material/People';
import { UserSecurityPanel } from '../../two-factor/admin/UserSecurityPanel';
import type { AdminResourceModule } from '../../../core/admin/resources/module';

/** Users: the generated list and modal, plus the user's sessions and two-factor reset under the edit form. */
export const users: AdminResourceModule = { icon: PeopleIcon, editPanel: UserSecurityPanel };
