import ContactPageIcon from '@mui/icons-material/ContactPage';
import type { AdminResourceModule } from '../../../core/admin/resources/module';

export const userProfiles: AdminResourceModule = { icon: ContactPageIcon };
