import BadgeIcon from '@mui/icons-material/Badge';
import type { AdminResourceModule } from '../../../admin/resources/module';

export const userRoles: AdminResourceModule = { icon: BadgeIcon };
