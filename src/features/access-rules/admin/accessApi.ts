import { api } from '../../../core/admin/api/http';
import type { RoleAccess } from '../../../core/shared/access-rules';
import type { Explanation } from '../contract';
import type { Static } from '../../../core/shared/api/schema';

const accessUrl = (roleId: string) => `/api/auth/roles/${encodeURIComponent(roleId)}/access`;

/** The routes these calls make, as the user's permissions name them. */
export const ACCESS_ROUTE = '/api/auth/roles/:id/access';
export const EXPLAIN_ROUTE = '/api/auth/access/explain';

/** A role's rules, by resource name. */
export const loadRoleAccess = (roleId: string) => api<RoleAccess>(accessUrl(roleId));

/** Replaces all of a role's rules (a resource left out keeps plain access). */
export const saveRoleAccess = (roleId: string, body: RoleAccess) => api<RoleAccess>(accessUrl(roleId), { method: 'PUT', body });

/** Gives role `to` exactly the rules of role `from`. */
export async function copyRoleAccess(from: string, to: string): Promise<void> {
  await saveRoleAccess(to, await loadRoleAccess(from));
}

export type AccessExplanation = Static<typeof Explanation>;

export interface ExplainQuestion {
  userId: string;
  method: string;
  route: string;
  recordId?: string;
}

/** Whether a user may make a call (on a record), and what decides it. */
export function explainAccess(q: ExplainQuestion): Promise<AccessExplanation> {
  const params = new URLSearchParams({ userId: q.userId, method: q.method, route: q.route });
  if (q.recordId) params.set('recordId', q.recordId);
  return api<AccessExplanation>(`${EXPLAIN_ROUTE}?${params.toString()}`);
}
