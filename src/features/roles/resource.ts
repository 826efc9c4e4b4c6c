import type { ResourceDef } from '../../core/shared/resource';

export const roles: ResourceDef = {
  name: 'roles',
  table: 'roles',
  api: '/api/auth/roles',
  path: '/roles',
  menu: { name: 'Roles', group: 'Access', order: 120, description: 'Roles and what they may do', roles: ['admin'] },
  fields: {
    createdAt: { type: 'date', readOnly: true },
    name: { type: 'string', required: true, unique: true, maxLength: 200 },
    type: { type: 'string', maxLength: 100, default: 'user' },
    description: { type: 'string', required: true, maxLength: 1000 },
    permission: { type: 'refList', ref: 'permissions' },
    clientPermission: { type: 'refList', ref: 'client-permissions' },
    /** Its users must set up two-factor sign-in before anything else (src/features/two-factor/). */
    requireTwoFactor: { type: 'boolean', default: false },
  },
  search: ['name', 'type', 'description'],
  sortable: ['createdAt', 'name', 'type'],
  defaultSort: { field: 'name', order: 'ASC' },
  list: {
    columns: [{ source: 'name' }, { source: 'type' }, { source: 'description' }],
    searchPlaceholder: 'app.search.by_name',
  },
  form: { mode: 'modal', fields: ['name', 'type', 'description', 'requireTwoFactor', 'permission', 'clientPermission'] },
  choicesLimit: 1000000,
  rank: { roleType: 'type', grantsPermissions: 'permission', grantsMenuEntries: 'clientPermission' },
  recordLabel: 'name',
};
