import ListIcon from '@mui/icons-material/List';
import type { AdminResourceModule } from '../module';

export const clientPermissions: AdminResourceModule = { icon: ListIcon };
