import type { AdminModules } from './module';
import { clientPermissions } from '../../../features/permissions/admin/client-permissions';
import { experiences } from '../../../features/experiences/admin';
import { invites } from '../../../features/invites/admin';
import { permissions } from '../../../features/permissions/admin';
import { roles } from '../../../features/roles/admin';
import { translations } from '../../../features/translations/admin';
import { userProfiles } from '../../../features/user-profiles/admin';
import { userRoles } from '../../../features/user-roles/admin';
import { users } from '../../../features/users/admin';

/**
 * Each resource's admin folder, by resource name: a resource without one
 * gets the generated screens. A new folder is one line here.
 */
export const adminModules: AdminModules = {
  users,
  'user-profiles': userProfiles,
  roles,
  permissions,
  'client-permissions': clientPermissions,
  'user-roles': userRoles,
  invites,
  translations,
  experiences,
};
