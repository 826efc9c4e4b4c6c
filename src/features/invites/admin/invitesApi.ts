import { call } from '../../../core/admin/api/http';
import * as contract from '../contract';
import type { BodyOf, Success } from '../../../core/shared/api/operation';
import type { Static } from '../../../core/shared/api/schema';

export type { InviteStatus } from '../contract';

/** One row of GET /api/auth/invites. */
export type Invite = Static<typeof contract.Invite>;
/** A row of the list: the invite and who registered on it. */
export type InviteListRow = Static<typeof contract.InviteRow>;
export type InvitePage = Success<typeof contract.listInvites>;
export type NewInvite = BodyOf<typeof contract.createInvite>;

/** The default list page size. */
export const INVITES_PER_PAGE = 25;
export const INVITES_API = '/api/auth/invites';
const BASE = INVITES_API;
const one = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

export const listInvites = (page: number, limit = INVITES_PER_PAGE) => call(contract.listInvites, `${BASE}?page=${page}&limit=${limit}`);
export const createInvite = (body: NewInvite) => call(contract.createInvite, BASE, { method: 'POST', body });
export const deleteInvite = (id: string) => call(contract.deleteInvite, one(id), { method: 'DELETE' });
export const approveInvite = (id: string) => call(contract.approveInvite, `${one(id)}/approve`, { method: 'POST' });
export const rejectInvite = (id: string) => call(contract.rejectInvite, `${one(id)}/reject`, { method: 'POST' });
