import type { ResourceDef } from '../../core/shared/resource';
import { PASSWORD_MIN, PASSWORD_MAX } from '../../core/field-kinds/text-rules.ts';

export const users: ResourceDef = {
  name: 'users',
  table: 'users',
  api: '/api/auth/users',
  path: '/users',
  menu: { name: 'Users', group: 'Access', order: 100, description: 'Accounts', roles: ['admin'] },
  fields: {
    createdAt: { type: 'date', readOnly: true },
    name: { type: 'string', required: true, maxLength: 200 },
    email: { type: 'email', required: true, unique: true, maxLength: 254 },
    confirmed: { type: 'boolean', default: true },
    blocked: { type: 'boolean', default: false },
    password: { type: 'password', writeOnly: true, minLength: PASSWORD_MIN, maxLength: PASSWORD_MAX },
    image: { type: 'image', maxLength: 500 },
    phone: { type: 'string', maxLength: 50 },
    address: { type: 'string', maxLength: 500 },
    bio: { type: 'text', maxLength: 5000 },
    googleSub: { type: 'string', internal: true },
    // The OpenID Provider's subject (src/features/oidc/), kept by the server like googleSub.
    oidcSub: { type: 'string', internal: true, unique: true, maxLength: 255 },
  },
  search: ['email', 'name'],
  sortable: ['createdAt', 'name', 'email'],
  defaultSort: { field: 'createdAt', order: 'DESC' },
  list: {
    columns: [{ source: 'createdAt' }, { source: 'name' }, { source: 'email' }, { source: 'confirmed' }, { source: 'blocked' }],
    searchPlaceholder: 'resources.users.search',
  },
  form: { mode: 'modal', fields: ['name', 'email', 'confirmed', 'blocked', 'password'] },
  endSessions: { owner: 'id', onFields: ['password', 'blocked', 'confirmed', 'email'] },
  rank: { subject: 'id', lockOut: { blocked: true, confirmed: false } },
  recordLabel: 'name',
};
