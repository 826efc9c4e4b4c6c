import { resourceByName } from '../../../../resources/set';
import { tableOf } from './resource-tables';
import type { TableShape } from './table-shapes';

/** The users table, for server-only tables that point at a user. */
export const users = tableOf(resourceByName('users')) as TableShape<'users'>;
/** The roles table, for server-only tables that point at a role. */
export const roles = tableOf(resourceByName('roles')) as TableShape<'roles'>;
