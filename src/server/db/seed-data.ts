/** What a first start puts in an empty database (DESIGN 5 "Bootstrap"). */

export const SEED_ROLES = [
  { name: 'Super Admin', type: 'superadmin', description: 'Every permission, always.' },
  { name: 'Admin', type: 'admin', description: 'Manages users, content, invites and translations.' },
  { name: 'User', type: 'user', description: 'Signed-in user: own profile and notifications.' },
] as const;

/** Routes that change roles and permissions: only superadmins write them by default. */
export const RBAC_ROUTES = /^\/api\/auth\/(roles|user-roles|permissions|reinitiate-permissions)(\/|$)/;

/** The role invited users get on approval. */
export const DEFAULT_ROLE_TYPE = 'user';

/** Menu entries. `roles` lists the role types that see each one. */
export const SEED_MENU = [
  { name: 'Experiences', menu: 'normal', menu_order: 10, path: '/experiences', description: 'Content with images', roles: ['admin'] },
  { name: 'Invites', menu: 'normal', menu_order: 20, path: '/invites', description: 'Invitation links and approvals', roles: ['admin'] },
  { name: 'Translations', menu: 'normal', menu_order: 30, path: '/translations', description: 'Interface texts', roles: ['admin'] },
  { name: 'Users', menu: 'Access', menu_order: 100, path: '/users', description: 'Accounts', roles: ['admin'] },
  {
    name: 'User Profiles',
    menu: 'Access',
    menu_order: 110,
    path: '/user-profiles',
    description: 'Profiles of every user',
    roles: ['admin'],
  },
  { name: 'Roles', menu: 'Access', menu_order: 120, path: '/roles', description: 'Roles and what they may do', roles: ['admin'] },
  { name: 'User Roles', menu: 'Access', menu_order: 130, path: '/user-roles', description: 'Who has which role', roles: ['admin'] },
  { name: 'Permissions', menu: 'Access', menu_order: 140, path: '/permissions', description: 'API permissions', roles: ['admin'] },
  {
    name: 'Client Permissions',
    menu: 'Access',
    menu_order: 150,
    path: '/client-permissions',
    description: 'Menu entries',
    roles: ['admin'],
  },
  {
    name: 'Profile',
    menu: 'account',
    menu_order: 1000,
    path: '/account/profile',
    description: 'Your own profile',
    roles: ['admin', 'user'],
  },
];
