import { call } from '../api/http';
import { userCategories } from '../../../features/account/contract';
import type { Static } from '../../shared/api/schema';
import type { UserCategory } from '../../../features/account/contract';
import { getToken } from '../../web/session';

/** A menu entry the server grants the signed-in user (a client permission). */
export type Category = Static<typeof UserCategory>;

/** Categories load 50 per page and stay fresh for 5 minutes. */
export const CATEGORY_PAGE_LIMIT = 50;
export const CATEGORY_STALE_MS = 5 * 60 * 1000;

let cache: { token: string; at: number; promise: Promise<Category[]> } | null = null;

async function loadAll(): Promise<Category[]> {
  const all: Category[] = [];
  for (let page = 1; ; page++) {
    const res = await call(userCategories, `/api/auth/user-categories?page=${page}&limit=${CATEGORY_PAGE_LIMIT}`);
    all.push(...res.data);
    if (page >= (res.pages || 1) || res.data.length === 0) return all;
  }
}

/** The user's categories, shared by the menu, the guard and canAccess. */
export function getCategories(): Promise<Category[]> {
  const token = getToken();
  if (!token) return Promise.resolve([]);
  if (cache && cache.token === token && Date.now() - cache.at < CATEGORY_STALE_MS) return cache.promise;
  const promise = loadAll();
  cache = { token, at: Date.now(), promise };
  promise.catch(() => {
    if (cache?.promise === promise) cache = null;
  });
  return promise;
}

export function forgetCategories(): void {
  cache = null;
}

export function allows(categories: readonly Category[], path: string): boolean {
  return categories.some((c) => c.path === path);
}
