import type { ResourceDef } from '../../core/shared/resource';

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'DELETE'] as const;

/** API permissions: one record per METHOD + route pattern; auth=false makes the route public. */
export const permissions: ResourceDef = {
  name: 'permissions',
  table: 'permissions',
  api: '/api/auth/permissions',
  path: '/permissions',
  menu: { name: 'Permissions', group: 'Access', order: 140, description: 'API permissions', roles: ['admin'] },
  fields: {
    createdAt: { type: 'date', readOnly: true },
    auth: { type: 'boolean', default: true },
    name: { type: 'string', required: true, maxLength: 200 },
    description: { type: 'string', required: true, maxLength: 1000 },
    method: { type: 'enum', required: true, options: HTTP_METHODS },
    route: { type: 'string', required: true, maxLength: 300 },
  },
  uniqueTogether: [['method', 'route']],
  search: ['name', 'route', 'description'],
  sortable: ['createdAt', 'name', 'route', 'method'],
  defaultSort: { field: 'route', order: 'ASC' },
  list: {
    columns: [{ source: 'auth' }, { source: 'name' }, { source: 'description' }, { source: 'method' }, { source: 'route' }],
    searchPlaceholder: 'app.search.by_name',
  },
  form: { mode: 'modal', fields: ['name', 'description', 'method', 'route', 'auth'] },
  recordLabel: 'name',
};
