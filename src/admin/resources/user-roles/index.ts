import BadgeIcon from '@mui/icons-material/Badge';
import type { AdminResourceModule } from '../module';

export const userRoles: AdminResourceModule = { icon: BadgeIcon };
