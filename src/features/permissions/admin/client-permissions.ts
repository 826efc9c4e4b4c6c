import ListIcon from '@mui/icons-material/List';
import type { AdminResourceModule } from '../../../core/admin/resources/module';

export const clientPermissions: AdminResourceModule = { icon: ListIcon };
