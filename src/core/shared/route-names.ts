import type { ResourceDef } from './resource';
import { ADMIN_OWN_PATHS, SITE_PATHS } from './site-paths.ts';

const firstSegment = (path: string) => path.split('/')[1] ?? '';

/**
 * First path segments that open the admin when typed without /admin
 * (/users -> /admin/users): every resource screen, the
 * login page and the account pages.
 */
export function adminSegments(resources: readonly ResourceDef[]): string[] {
  const own = [ADMIN_OWN_PATHS.login, ADMIN_OWN_PATHS.profile].map(firstSegment);
  return [...new Set([...own, ...resources.map((r) => firstSegment(r.path))])];
}

/**
 * Admin paths that would take a public page's place, or each other's: an
 * admin resource called `events` would turn the public /events into a
 * redirect to /admin/events. Empty when every name is free.
 */
export function routeCollisions(resources: readonly ResourceDef[]): string[] {
  const problems: string[] = [];
  const publicSegments = new Map(Object.values(SITE_PATHS).map((p) => [firstSegment(p), p] as const));
  const adminOwn = new Map(Object.values(ADMIN_OWN_PATHS).map((p) => [firstSegment(p), p] as const));
  const seen = new Map<string, string>();
  for (const r of resources) {
    const seg = firstSegment(r.path);
    const site = publicSegments.get(seg);
    if (site !== undefined) problems.push(`Resource "${r.name}": its admin path ${r.path} takes the public page ${site}.`);
    const own = adminOwn.get(seg);
    if (own !== undefined) problems.push(`Resource "${r.name}": its admin path ${r.path} takes the admin screen ${own}.`);
    const other = seen.get(seg);
    if (other !== undefined) problems.push(`Resource "${r.name}": its admin path ${r.path} takes the path of resource "${other}".`);
    seen.set(seg, r.name);
  }
  return problems;
}
