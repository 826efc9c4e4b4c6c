import type { ResourceDef } from '../../core/shared/resource';

export const INVITE_STATUSES = ['not used', 'submitted', 'consumed', 'expired', 'rejected'] as const;
export type InviteStatus = (typeof INVITE_STATUSES)[number];

/** Invitation links with approval. Served by their own routes (/api/auth/invites). */
export const invites: ResourceDef = {
  name: 'invites',
  table: 'invites',
  api: '/api/auth/invites',
  path: '/invites',
  menu: { name: 'Invites', group: 'normal', order: 20, description: 'Invitation links and approvals', roles: ['admin'] },
  operations: [],
  fields: {
    createdAt: { type: 'date', readOnly: true },
    email: { type: 'email', maxLength: 254 },
    token: { type: 'string', required: true, unique: true, readOnly: true },
    expiresAt: { type: 'date', readOnly: true },
    consumedAt: { type: 'date', readOnly: true },
    status: { type: 'enum', options: INVITE_STATUSES, default: 'not used', readOnly: true },
    registrant: { type: 'ref', ref: 'users', column: 'registrant_id', readOnly: true, populate: ['name', 'email'] },
    createdBy: { type: 'ref', ref: 'users', column: 'created_by', readOnly: true, populate: ['name', 'email'] },
  },
  search: [],
  sortable: ['createdAt'],
  defaultSort: { field: 'createdAt', order: 'DESC' },
  // An invite locked to an address is known by it (the audit log names it so); an open one by its id.
  recordLabel: 'email',
  list: {
    columns: [{ source: 'createdAt' }, { source: 'email' }, { source: 'token' }, { source: 'expiresAt' }, { source: 'status' }],
    searchPlaceholder: 'app.search.by_name',
  },
};
