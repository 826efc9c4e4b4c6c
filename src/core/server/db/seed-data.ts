import type { ResourceDef } from '../../shared/resource';

/** What a first start puts in an empty database: roles, menu entries and who gets them. */

export const SEED_ROLES = [
  { name: 'Super Admin', type: 'superadmin', description: 'Every permission, always.' },
  { name: 'Admin', type: 'admin', description: 'Manages users, content, invites and translations.' },
  { name: 'User', type: 'user', description: 'Signed-in user: own profile and notifications.' },
] as const;

/** Routes that change roles and permissions: only superadmins write them by default. */
export const RBAC_ROUTES = /^\/api\/auth\/(roles|user-roles|permissions|reinitiate-permissions)(\/|$)/;

/**
 * Routes only superadmins get by default, reading included: the audit trail
 * shows everyone's doings, and a purge deletes a trashed record for good.
 */
export const SUPERADMIN_ROUTES = /^\/api\/auth\/(audit-logs(\/|$)|[\w/:-]+\/:id\/purge$)/;

/** The role invited users get on approval. */
export const DEFAULT_ROLE_TYPE = 'user';

/** Menu entries of screens that are not resources (resources declare their own `menu`). */
export const OWN_MENU = [
  {
    name: 'Profile',
    menu: 'account',
    menu_order: 1000,
    path: '/account/profile',
    description: 'Your own profile',
    roles: ['admin', 'user'],
  },
  {
    // Superadmins only (they see every entry); migration 0013 adds it to databases seeded before it.
    name: 'Audit log',
    menu: 'Access',
    menu_order: 160,
    path: '/audit-log',
    description: 'Who changed what, and when',
    roles: [],
  },
  {
    // Superadmins only; migration 0021 adds it to databases seeded before it.
    name: 'Webhooks',
    menu: 'Access',
    menu_order: 170,
    path: '/webhooks',
    description: 'Where changes are sent, and how each delivery went',
    roles: [],
  },
];

export interface SeedMenuEntry {
  name: string;
  menu: string;
  menu_order: number;
  path: string;
  description: string;
  /** Role types that see it. */
  roles: readonly string[];
}

/** What a first start puts in the menu: every resource's declared entry, then the own screens'. */
export function seedMenu(resources: readonly ResourceDef[]): SeedMenuEntry[] {
  const declared = resources.flatMap((r) =>
    r.menu
      ? [
          {
            name: r.menu.name,
            menu: r.menu.group,
            menu_order: r.menu.order,
            path: r.path,
            description: r.menu.description,
            roles: r.menu.roles,
          },
        ]
      : [],
  );
  return [...declared, ...OWN_MENU];
}
