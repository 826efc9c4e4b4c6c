import { resourceByName } from '../../../resources/set';
import { joinTableOf, tableOf } from './resource-tables';

/** Tables the server's own routes (auth, RBAC, menu) work with directly. */
const r = (name: string) => tableOf(resourceByName(name));

export const usersT = r('users');
export const rolesT = r('roles');
export const permissionsT = r('permissions');
export const clientPermissionsT = r('client-permissions');
export const userRolesT = r('user-roles');
export const notificationsT = r('notifications');
export const invitesT = r('invites');
export const translationsT = r('translations');
export const rolePermissionsT = joinTableOf(resourceByName('roles'), 'permission');
export const roleClientPermissionsT = joinTableOf(resourceByName('roles'), 'clientPermission');
export { sessions, passwordResets, serverSecrets, userTwoFactor, twoFactorRecoveryCodes, twoFactorTickets } from './system-tables';
