import SecurityIcon from '@mui/icons-material/Security';
import type { AdminResourceModule } from '../module';

export const roles: AdminResourceModule = { icon: SecurityIcon };
