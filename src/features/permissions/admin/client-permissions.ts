import ListIcon from '@mui/icons-material/List';
import type { AdminResourceModule } from '../../../admin/resources/module';

export const clientPermissions: AdminResourceModule = { icon: ListIcon };
