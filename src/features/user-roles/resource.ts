import type { ResourceDef } from '../../core/shared/resource';

export const userRoles: ResourceDef = {
  name: 'user-roles',
  table: 'user_roles',
  api: '/api/auth/user-roles',
  path: '/user-roles',
  menu: { name: 'User Roles', group: 'Access', order: 130, description: 'Who has which role', roles: ['admin'] },
  fields: {
    createdAt: { type: 'date', readOnly: true },
    user: { type: 'ref', ref: 'users', required: true, populate: ['name', 'email'], column: 'user_id' },
    role: { type: 'ref', ref: 'roles', required: true, populate: ['name', 'type'], column: 'role_id' },
  },
  uniqueTogether: [['user', 'role']],
  search: ['user.name', 'user.email', 'role.name'],
  sortable: ['createdAt', 'role.type'],
  defaultSort: { field: 'role.type', order: 'ASC' },
  list: {
    columns: [
      { source: 'user.name', label: 'resources.user-roles.fields.name' },
      { source: 'user.email', label: 'resources.user-roles.fields.email' },
      { source: 'role.name', label: 'resources.user-roles.fields.role' },
      { source: 'role.type', label: 'resources.user-roles.fields.roleType' },
    ],
    searchPlaceholder: 'app.search.by_name',
  },
  form: { mode: 'modal', fields: ['user', 'role'] },
  choicesLimit: 100000,
  endSessions: { owner: 'user' },
  rank: { subject: 'user', grantsRole: 'role' },
  auditActions: { create: 'role-link', update: 'role-link', delete: 'role-unlink' },
  refFilter: { user: { confirmed: true, blocked: false } },
};
