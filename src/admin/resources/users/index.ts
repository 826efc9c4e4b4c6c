import PeopleIcon from '@mui/icons-material/People';
import type { AdminResourceModule } from '../module';

/** Users: the generated list and modal; only the icon is its own. */
export const users: AdminResourceModule = { icon: PeopleIcon };
