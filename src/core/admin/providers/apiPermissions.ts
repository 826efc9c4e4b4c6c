import { call } from '../api/http';
import { myPermissions } from '../../../features/permissions/contract';
import type { Success } from '../../shared/api/operation';
import type { ApiCall } from '../../shared/operation-call';
import { getToken } from '../../web/session';
import { CATEGORY_STALE_MS } from './categories';

/** The API calls the signed-in user may make (`GET /api/auth/my-permissions`). */
export type ApiCalls = Success<typeof myPermissions>;

const NONE: ApiCalls = { superadmin: false, data: [], access: {} };

let cache: { token: string; at: number; promise: Promise<ApiCalls> } | null = null;

/** Loaded with the menu entries and kept as long (see providers/categories.ts). */
export function getApiCalls(): Promise<ApiCalls> {
  const token = getToken();
  if (!token) return Promise.resolve(NONE);
  if (cache && cache.token === token && Date.now() - cache.at < CATEGORY_STALE_MS) return cache.promise;
  const promise = call(myPermissions, '/api/auth/my-permissions');
  cache = { token, at: Date.now(), promise };
  promise.catch(() => {
    if (cache?.promise === promise) cache = null;
  });
  return promise;
}

export function forgetApiCalls(): void {
  cache = null;
}

/** Whether the user may make `c` (unknown while permissions load: no). */
export function mayCall(calls: ApiCalls | undefined, c: ApiCall): boolean {
  if (!calls) return false;
  return calls.superadmin || calls.data.some((p) => p.method === c.method && p.route === c.route);
}
