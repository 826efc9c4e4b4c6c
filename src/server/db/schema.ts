// Everything drizzle-kit turns into migrations. drizzle-kit only sees
// top-level exports, so each derived table is named here once;
// tests/unit/schema-exports.test.ts fails when a resource table is missing.
import { resourceTables as t } from './resource-tables';

export const users = t.users;
export const permissions = t.permissions;
export const clientPermissions = t['client-permissions'];
export const roles = t.roles;
export const rolesPermission = t.roles_permission;
export const rolesClientPermission = t.roles_clientPermission;
export const userRoles = t['user-roles'];
export const notifications = t.notifications;
export const invites = t.invites;
export const translations = t.translations;
export const experiences = t.experiences;
export const experiencesImages = t.experiences_images;
export * from './system-tables';
