import type { twoFactorVerify } from '../../features/two-factor/contract';
import type { Success } from '../shared/api/operation';
import { SIGNED_IN_HINT } from '../shared/session-gate';
import { tokenExpiresAt } from './tokenExpiry';
/**
 * The browser session: the login answer kept in local
 * storage under `userInfo` (token + user) and the role under `role`.
 * Shared by the admin and the public site, so it must stay dependency-free.
 */
/** Who signed in and their main role, as the sign-in answer carries them (src/features/sign-in/contract.ts). */
export type SessionUser = Success<typeof twoFactorVerify>['user'];
export type SessionRole = NonNullable<Success<typeof twoFactorVerify>['role']>;

export interface UserInfo {
  token: string;
  user: SessionUser;
}

export const USER_INFO_KEY = 'userInfo';
export const ROLE_KEY = 'role';
/** Set while a role requires two-factor sign-in the user has not set up: the admin shows only the set-up screen. */
export const TWO_FACTOR_SETUP_KEY = 'twoFactorSetupRequired';

function readJson<T>(key: string): T | null {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

export function getUserInfo(): UserInfo | null {
  const info = readJson<UserInfo>(USER_INFO_KEY);
  return info && typeof info.token === 'string' && info.token ? info : null;
}

export function getToken(): string | null {
  return getUserInfo()?.token ?? null;
}

export function getRole(): SessionRole | null {
  return readJson<SessionRole>(ROLE_KEY);
}

/** The longest a browser keeps a cookie (400 days), in seconds. */
const COOKIE_MAX_AGE_S = 400 * 24 * 3600;

/**
 * The signed-in hint cookie (src/core/shared/session-gate.ts) set when a
 * session is stored, cleared when not. It lives as long as the token: the
 * browser drops it at the token's expiry, so the server stops preloading the
 * admin for a session that has ended while no page was open.
 */
export function syncSignedInHint(): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  const life = hintLifetime(getToken());
  document.cookie = `${SIGNED_IN_HINT}=${life > 0 ? '1' : ''}; Max-Age=${Math.max(0, life)}; Path=/; SameSite=Lax${secure}`;
}

/** Seconds the hint lives for a stored token (0 or less: none). */
function hintLifetime(token: string | null): number {
  if (!token) return 0;
  const expiresAt = tokenExpiresAt(token);
  // Every page load writes it again: a token without a known expiry keeps it for good.
  if (expiresAt === null) return COOKIE_MAX_AGE_S;
  return Math.min(COOKIE_MAX_AGE_S, Math.floor((expiresAt - Date.now()) / 1000));
}

export function saveSession(info: UserInfo, role: SessionRole | null, setupRequired = false): void {
  localStorage.setItem(USER_INFO_KEY, JSON.stringify(info));
  syncSignedInHint();
  setTwoFactorSetupRequired(setupRequired);
  if (role) localStorage.setItem(ROLE_KEY, JSON.stringify(role));
  else localStorage.removeItem(ROLE_KEY);
}

export function updateSessionUser(patch: Partial<SessionUser>): void {
  const info = getUserInfo();
  if (info) localStorage.setItem(USER_INFO_KEY, JSON.stringify({ ...info, user: { ...info.user, ...patch } }));
}

export function clearSession(): void {
  localStorage.removeItem(USER_INFO_KEY);
  localStorage.removeItem(ROLE_KEY);
  localStorage.removeItem(TWO_FACTOR_SETUP_KEY);
  syncSignedInHint();
}

export function setTwoFactorSetupRequired(required: boolean): void {
  if (required) localStorage.setItem(TWO_FACTOR_SETUP_KEY, '1');
  else localStorage.removeItem(TWO_FACTOR_SETUP_KEY);
}

export function twoFactorSetupRequired(): boolean {
  return localStorage.getItem(TWO_FACTOR_SETUP_KEY) === '1';
}
