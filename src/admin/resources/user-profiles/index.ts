import ContactPageIcon from '@mui/icons-material/ContactPage';
import type { AdminResourceModule } from '../module';

export const userProfiles: AdminResourceModule = { icon: ContactPageIcon };
