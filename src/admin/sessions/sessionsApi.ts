import { api } from '../api/http';

/** One live session as GET /api/auth/sessions describes it. */
export interface SessionView {
  _id: string;
  browser: string | null;
  os: string | null;
  ip: string | null;
  createdAt: string | null;
  lastSeenAt: string | null;
  current: boolean;
}

export const loadMySessions = () => api<{ data: SessionView[] }>('/api/auth/sessions').then((r) => r.data);
export const endMySession = (id: string) =>
  api<{ ok: true; current: boolean }>(`/api/auth/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' });
export const endMyOtherSessions = () => api<{ ok: true; ended: number }>('/api/auth/sessions', { method: 'DELETE' });

const userUrl = (userId: string) => `/api/auth/users/${encodeURIComponent(userId)}/sessions`;
export const loadUserSessions = (userId: string) => api<{ data: SessionView[] }>(userUrl(userId)).then((r) => r.data);
export const endUserSessions = (userId: string) => api<{ ok: true; ended: number }>(userUrl(userId), { method: 'DELETE' });
