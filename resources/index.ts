import type { ResourceDef } from '../src/core/shared/resource';
import { users } from '../src/features/users/resource.ts';
import { userProfiles } from '../src/features/user-profiles/resource.ts';
import { permissions } from '../src/features/permissions/resource.ts';
import { clientPermissions } from '../src/features/permissions/client-permissions-resource.ts';
import { roles } from '../src/features/roles/resource.ts';
import { userRoles } from '../src/features/user-roles/resource.ts';
import { notifications } from '../src/features/notifications/resource.ts';
import { invites } from '../src/features/invites/resource.ts';
import { translations } from '../src/features/translations/resource.ts';
import { experiences } from '../src/features/experiences/resource.ts';

// Imports name their .ts file: build/defines.ts reads this list inside vite.config.ts,
// whose config loader wants explicit extensions.

/** Every resource of the product. A new resource is its file plus one line here. */
export const resources: readonly ResourceDef[] = [
  users,
  userProfiles,
  permissions,
  clientPermissions,
  roles,
  userRoles,
  notifications,
  invites,
  translations,
  experiences,
];
