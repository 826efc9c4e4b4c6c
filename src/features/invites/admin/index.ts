import { lazy } from 'react';
import MailIcon from '@mui/icons-material/Mail';
import { lazyWithTimeout } from '../../../core/web/lazyWithTimeout';
import type { AdminResourceModule } from '../../../core/admin/resources/module';

/** Invites have their own screen (create form, link box, approvals); the API has no generic routes for them. */
export const invites: AdminResourceModule = {
  icon: MailIcon,
  list: lazy(lazyWithTimeout(() => import('./InvitesPage').then((m) => ({ default: m.InvitesPage })))),
};
