import type { ResourceDef } from '../src/shared/resource';
import { createResourceSet } from '../src/shared/resource-set';
import { users } from './users';
import { userProfiles } from './user-profiles';
import { permissions } from './permissions';
import { clientPermissions } from './client-permissions';
import { roles } from './roles';
import { userRoles } from './user-roles';
import { notifications } from './notifications';
import { invites } from './invites';
import { translations } from './translations';
import { experiences } from './experiences';

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

/** The product's resources, checked (names, paths, fields) and looked up by name. */
export const productResources = createResourceSet(resources);

export function resourceByName(name: string): ResourceDef {
  return productResources.byName(name);
}
