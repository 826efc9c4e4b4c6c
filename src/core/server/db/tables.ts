import { resourceByName } from '../../../../resources/set';
import { joinTableOf, tableOf } from './resource-tables';
import type { ShapeKey, TableShape } from './table-shapes';

/**
 * Tables the server's own routes (auth, RBAC, menu) work with directly, typed
 * with their columns (table-shapes.ts, generated from the same tables and
 * checked against them by tests/unit/typed-tables.test.ts): a misspelled
 * column or a value of the wrong type fails tsc, and query results are typed.
 */
const r = <K extends ShapeKey>(name: K) => tableOf(resourceByName(name)) as TableShape<K>;

export const usersT = r('users');
export const rolesT = r('roles');
export const permissionsT = r('permissions');
export const clientPermissionsT = r('client-permissions');
export const userRolesT = r('user-roles');
export const notificationsT = r('notifications');
export const invitesT = r('invites');
export const translationsT = r('translations');
export const rolePermissionsT = joinTableOf(resourceByName('roles'), 'permission') as TableShape<'roles_permission'>;
export const roleClientPermissionsT = joinTableOf(resourceByName('roles'), 'clientPermission') as TableShape<'roles_clientPermission'>;
export {
  sessions,
  passwordResets,
  serverSecrets,
  userTwoFactor,
  twoFactorRecoveryCodes,
  twoFactorTickets,
  oidcSignIns,
} from './system-tables';
