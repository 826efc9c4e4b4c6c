import { api } from '../../api/http';

export type InviteStatus = 'not used' | 'submitted' | 'consumed' | 'expired' | 'rejected';

/** One row of GET /api/auth/invites (SPEC 3 "Invite"). */
export interface Invite {
  _id: string;
  createdAt: string;
  email: string | null;
  token: string;
  link: string;
  expiresAt: string;
  consumedAt: string | null;
  status: InviteStatus;
}

export interface InvitePage {
  data: Invite[];
  total: number;
  page: number;
  pages: number;
}

export interface NewInvite {
  email?: string;
  hours: number;
}

/** SPEC 9: the default list page size. */
export const INVITES_PER_PAGE = 25;
const BASE = '/api/auth/invites';
const one = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

export const listInvites = (page: number, limit = INVITES_PER_PAGE) => api<InvitePage>(`${BASE}?page=${page}&limit=${limit}`);
export const createInvite = (body: NewInvite) => api<Invite>(BASE, { method: 'POST', body });
export const deleteInvite = (id: string) => api<{ ok: boolean }>(one(id), { method: 'DELETE' });
export const approveInvite = (id: string) => api<{ ok: boolean; message: string }>(`${one(id)}/approve`, { method: 'POST' });
export const rejectInvite = (id: string) => api<{ ok: boolean; message: string }>(`${one(id)}/reject`, { method: 'POST' });
