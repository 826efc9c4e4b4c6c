import type { ResourceDef } from '../../core/shared/resource';

/** Menu entries (client permissions): what a role sees in the admin menu. */
export const clientPermissions: ResourceDef = {
  name: 'client-permissions',
  table: 'client_permissions',
  api: '/api/auth/client-permissions',
  path: '/client-permissions',
  menu: { name: 'Client Permissions', group: 'Access', order: 150, description: 'Menu entries', roles: ['admin'] },
  fields: {
    createdAt: { type: 'date', readOnly: true },
    name: { type: 'string', required: true, maxLength: 200 },
    menu: { type: 'string', required: true, maxLength: 100 },
    menu_order: { type: 'number', required: true, min: -100000, max: 100000, column: 'menu_order' },
    path: { type: 'string', required: true, maxLength: 300 },
    description: { type: 'string', maxLength: 1000 },
  },
  search: ['name', 'path', 'menu'],
  sortable: ['createdAt', 'name', 'menu', 'menu_order', 'path'],
  defaultSort: { field: 'menu_order', order: 'ASC' },
  list: {
    columns: [{ source: 'name' }, { source: 'menu' }, { source: 'menu_order' }, { source: 'path' }, { source: 'description' }],
    searchPlaceholder: 'app.search.by_name',
  },
  form: { mode: 'modal', fields: ['name', 'menu', 'menu_order', 'path', 'description'] },
  recordLabel: 'name',
};
