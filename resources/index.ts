import type { ResourceDef } from '../src/shared/resource';
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

export function resourceByName(name: string): ResourceDef {
  const r = resources.find((x) => x.name === name);
  if (!r) throw new Error(`Unknown resource ${name}`);
  return r;
}
