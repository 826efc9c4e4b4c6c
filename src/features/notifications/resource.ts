import type { ResourceDef } from '../../core/shared/resource';

/** Per-user notifications. Served by their own routes (own records only). */
export const notifications: ResourceDef = {
  name: 'notifications',
  table: 'notifications',
  history: false,
  api: '/api/auth/notifications',
  path: '/notifications',
  operations: [],
  fields: {
    createdAt: { type: 'date', readOnly: true },
    user: { type: 'ref', ref: 'users', required: true, column: 'user_id', internal: true },
    title: { type: 'string', required: true, maxLength: 300 },
    body: { type: 'text', maxLength: 5000 },
    link: { type: 'string', maxLength: 500 },
    readAt: { type: 'date', readOnly: true },
  },
  search: ['title'],
  sortable: ['createdAt'],
  defaultSort: { field: 'createdAt', order: 'DESC' },
  list: { columns: [{ source: 'createdAt' }, { source: 'title' }], searchPlaceholder: 'app.search.by_name' },
};
