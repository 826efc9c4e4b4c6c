import BadgeIcon from '@mui/icons-material/Badge';
import type { AdminResourceModule } from '../../../core/admin/resources/module';

export const userRoles: AdminResourceModule = { icon: BadgeIcon };
