import type { Static } from '../../../core/shared/api/schema';
import * as contract from '../contract';
import { call } from '../../../core/admin/api/http';

/** One live session as GET /api/auth/sessions describes it. */
export type SessionView = Static<typeof contract.Session>;

export const loadMySessions = () => call(contract.mySessions, '/api/auth/sessions').then((r) => r.data);
export const endMySession = (id: string) =>
  call(contract.endMySession, `/api/auth/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' });
export const endMyOtherSessions = () => call(contract.endMyOtherSessions, '/api/auth/sessions', { method: 'DELETE' });

const userUrl = (userId: string) => `/api/auth/users/${encodeURIComponent(userId)}/sessions`;
export const loadUserSessions = (userId: string) => call(contract.userSessions, userUrl(userId)).then((r) => r.data);
export const endUserSessions = (userId: string) => call(contract.endUserSessions, userUrl(userId), { method: 'DELETE' });
