import type { TranslateFunction } from 'react-admin';

/** Translated label of a menu path; the server's category name is the fallback. */
export function categoryLabel(translate: TranslateFunction, path: string, name: string): string {
  const slug = path.replace(/^\/+/, '').replace(/[^a-zA-Z0-9]+/g, '_');
  return translate(`app.category.${slug}`, { _: name });
}

export function groupLabel(translate: TranslateFunction, key: string): string {
  if (key === 'general') return translate('app.menu.general', { _: 'General' });
  if (key === 'account') return translate('app.menu.account', { _: 'Account' });
  return translate(`app.menu.groups.${key.replace(/[^a-zA-Z0-9]+/g, '_')}`, { _: key });
}
