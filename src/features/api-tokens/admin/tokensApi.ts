import type { BodyOf } from '../../../core/shared/api/operation';
import type { Static } from '../../../core/shared/api/schema';
import * as contract from '../contract';
import { call } from '../../../core/admin/api/http';

/** A token as the lists show it (never the token itself). */
export type TokenView = Static<typeof contract.ApiToken>;
export type HeldPermission = Static<typeof contract.HeldPermission>;
export type NewToken = BodyOf<typeof contract.createToken>;

const enc = encodeURIComponent;

export const loadMyTokens = () => call(contract.myTokens, '/api/auth/tokens').then((r) => r.data);
export const loadHeldPermissions = () => call(contract.myTokenPermissions, '/api/auth/tokens/permissions').then((r) => r.data);
export const createMyToken = (body: NewToken) => call(contract.createToken, '/api/auth/tokens', { method: 'POST', body });
export const revokeMyToken = (id: string) => call(contract.revokeMyToken, `/api/auth/tokens/${enc(id)}`, { method: 'DELETE' });

const userUrl = (userId: string) => `/api/auth/users/${enc(userId)}/tokens`;
export const loadUserTokens = (userId: string) => call(contract.userTokens, userUrl(userId)).then((r) => r.data);
export const revokeUserToken = (userId: string, tokenId: string) =>
  call(contract.revokeUserToken, `${userUrl(userId)}/${enc(tokenId)}`, { method: 'DELETE' });
