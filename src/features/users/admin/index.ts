import PeopleIcon from '@mui/icons-material/People';
import { LazyUserSecurityPanel } from '../../two-factor/admin/LazyUserSecurityPanel';
import type { AdminResourceModule } from '../../../core/admin/resources/module';

/** Users: the generated list and modal, plus the user's sessions, API tokens and two-factor reset under the edit form (loaded with it). */
export const users: AdminResourceModule = { icon: PeopleIcon, editPanel: LazyUserSecurityPanel };
