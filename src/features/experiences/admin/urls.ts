/**
 * Where the experience screens live. Add, edit and view open in a new window,
 * so these are full paths, not router paths.
 */
export const LIST_ROUTE = '/experiences';

export function newExperienceUrl(): string {
  return '/admin/experiences/new';
}

export function editExperienceRoute(id: string): string {
  return `/experiences/${encodeURIComponent(id)}/edit`;
}

export function editExperienceUrl(id: string): string {
  return `/admin${editExperienceRoute(id)}`;
}

/** The public page reads by slug when there is one, by id otherwise. */
export function publicExperienceUrl(r: { slug?: unknown; _id?: unknown; id?: unknown }): string {
  const key = typeof r.slug === 'string' && r.slug ? r.slug : String(r._id ?? r.id ?? '');
  return `/experience/${encodeURIComponent(key)}`;
}

export function openWindow(url: string): void {
  window.open(url, '_blank');
}
