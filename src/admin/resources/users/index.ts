import PeopleIcon from '@mui/icons-material/People';
import { UserSessions } from '../../sessions/UserSessions';
import type { AdminResourceModule } from '../module';

/** Users: the generated list and modal, plus the user's sessions under the edit form. */
export const users: AdminResourceModule = { icon: PeopleIcon, editPanel: UserSessions };
