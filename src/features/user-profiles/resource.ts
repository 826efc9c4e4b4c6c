import type { ResourceDef } from '../../core/shared/resource';

/** Read-only projection of the profile fields kept on the users table. */
export const userProfiles: ResourceDef = {
  name: 'user-profiles',
  table: 'users',
  source: 'users',
  api: '/api/auth/user-profiles',
  path: '/user-profiles',
  menu: { name: 'User Profiles', group: 'Access', order: 110, description: 'Profiles of every user', roles: ['admin'] },
  operations: ['list', 'get'],
  fields: {
    createdAt: { type: 'date', readOnly: true },
    image: { type: 'image', readOnly: true },
    name: { type: 'string', readOnly: true },
    address: { type: 'string', readOnly: true },
    phone: { type: 'string', readOnly: true },
    email: { type: 'email', readOnly: true },
    bio: { type: 'text', readOnly: true },
  },
  search: ['name', 'email'],
  sortable: ['createdAt', 'name'],
  defaultSort: { field: 'createdAt', order: 'DESC' },
  list: {
    columns: [{ source: 'image' }, { source: 'name' }, { source: 'address' }, { source: 'phone' }, { source: 'email' }],
    searchPlaceholder: 'resources.user-profiles.search',
  },
  // Read-only here; declared for routes that act on a profile's user.
  rank: { subject: 'id' },
  recordLabel: 'name',
};
