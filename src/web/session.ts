import type { login } from '../shared/api/auth';
import type { Success } from '../shared/api/operation';
/**
 * The browser session (SPEC 3 "Session"): the login answer kept in local
 * storage under `userInfo` (token + user) and the role under `role`.
 * Shared by the admin and the public site, so it must stay dependency-free.
 */
/** Who signed in and their main role, as the sign-in answer carries them (src/shared/api/auth.ts). */
export type SessionUser = Success<typeof login>['user'];
export type SessionRole = NonNullable<Success<typeof login>['role']>;

export interface UserInfo {
  token: string;
  user: SessionUser;
}

export const USER_INFO_KEY = 'userInfo';
export const ROLE_KEY = 'role';

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

export function saveSession(info: UserInfo, role: SessionRole | null): void {
  localStorage.setItem(USER_INFO_KEY, JSON.stringify(info));
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
}
