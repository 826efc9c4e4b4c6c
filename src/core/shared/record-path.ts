import type { ResourceDef } from './resource';

/** The admin's address prefix: every back-office screen lives under it. */
export const ADMIN_BASE = '/admin';

/** `?open=`: the list opens this record's form (what a search result or a link to a record leads to). */
export const OPEN_PARAM = 'open';
/** `?open=new`: the list opens its add form (ids are uuids, never this word). */
export const OPEN_NEW = 'new';

/** The admin path that opens one record of `r`. */
export function recordAdminPath(r: Pick<ResourceDef, 'path' | 'editPath'>, id: string): string {
  const safe = encodeURIComponent(id);
  if (r.editPath) return `${ADMIN_BASE}${r.editPath.replace(':id', safe)}`;
  return `${ADMIN_BASE}${r.path}?${OPEN_PARAM}=${safe}`;
}

/** The admin path that adds a record of `r`. */
export function createAdminPath(r: Pick<ResourceDef, 'path' | 'createPath'>): string {
  return `${ADMIN_BASE}${r.createPath ?? `${r.path}?${OPEN_PARAM}=${OPEN_NEW}`}`;
}

/** The admin path of `r`'s list searched for `q` (react-admin keeps a list's filters as JSON in `?filter=`). */
export function searchedListPath(r: Pick<ResourceDef, 'path'>, q: string): string {
  return `${ADMIN_BASE}${r.path}?${new URLSearchParams({ filter: JSON.stringify({ q }) })}`;
}
