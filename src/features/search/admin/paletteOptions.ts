import type { TranslateFunction } from 'react-admin';
import type { ResourceDef } from '../../../core/shared/resource';
import { ADMIN_BASE, createAdminPath } from '../../../core/shared/record-path';
import { HIDDEN_MENU } from '../../../core/shared/menu';
import type { Category } from '../../../core/admin/providers/categories';
import { categoryLabel } from '../../../core/admin/layout/categoryLabel';
import { MENU_GROUP, TRANSLATIONS_GROUP, type SearchGroup, type SearchMatch } from '../contract';
import { matchesWords } from '../fold';
import { intlLocale } from '../../../core/web/dates';

/** One line of the palette: a screen, an action, a record, or "see all" of a group. */
export interface PaletteOption {
  key: string;
  /** The heading it is listed under. */
  group: string;
  label: string;
  /** Admin path it opens (starting /admin). */
  path: string;
  /** Where a record matched: a second line with the match marked. */
  match?: SearchMatch | null;
}

/** Recent choices the palette lists first, newest first. */
export const RECENT_MAX = 6;

const pluralOf = (translate: TranslateFunction, resource: string) =>
  resource === TRANSLATIONS_GROUP
    ? translate('app.palette.translations')
    : translate(`resources.${resource}.name`, { smart_count: 2, _: resource });

/** The screens of the user's menu, by their translated names, those matching `query` (all when blank). */
export function screenOptions(categories: readonly Category[], translate: TranslateFunction, query: string): PaletteOption[] {
  const group = translate('app.palette.screens');
  return categories
    .filter((c) => c.menu !== HIDDEN_MENU)
    .map((c) => ({ key: `screen:${c.path}`, group, label: categoryLabel(translate, c.path, c.name), path: `${ADMIN_BASE}${c.path}` }))
    .filter((o) => !query.trim() || matchesWords(`${o.label} ${o.path}`, query));
}

/** "Add ..." for each resource the user may add to (its create call and its screen), those matching `query`. */
export function actionOptions(
  resources: readonly ResourceDef[],
  may: (method: string, route: string) => boolean,
  categories: readonly Category[],
  translate: TranslateFunction,
  query: string,
): PaletteOption[] {
  const group = translate('app.palette.actions');
  return resources
    .filter((r) => may('POST', r.api) && categories.some((c) => c.path === r.path))
    .map((r) => {
      const singular = translate(`resources.${r.name}.name`, { smart_count: 1, _: r.name });
      const label = translate(`resources.${r.name}.add_new`, { _: translate('app.list.add_new', { name: singular }) });
      return { key: `action:${r.name}`, group, label, path: createAdminPath(r) };
    })
    .filter((o) => !query.trim() || matchesWords(o.label, query));
}

/**
 * The server's record groups (not its menu group: screens are matched here, by their translated names), each ending
 * in "see all", its count written as the interface's language writes numbers (`lang`), not the browser's.
 */
export function recordOptions(groups: readonly SearchGroup[], translate: TranslateFunction, lang: string): PaletteOption[] {
  const count = new Intl.NumberFormat(intlLocale(lang));
  return groups
    .filter((g) => g.resource !== MENU_GROUP)
    .flatMap((g) => {
      const name = pluralOf(translate, g.resource);
      const items = g.items.map((i) => ({
        key: `record:${g.resource}:${i.id}`,
        group: name,
        label: i.label,
        path: i.path,
        match: i.match,
      }));
      const more = g.total > g.items.length || g.exact === false;
      return more
        ? [
            ...items,
            {
              key: `all:${g.resource}`,
              group: name,
              label: translate('app.palette.see_all', { name, total: `${count.format(g.total)}${g.exact ? '' : '+'}` }),
              path: g.path,
            },
          ]
        : items;
    });
}

/** Recent choices matching `query` (all when blank), under their own heading. */
export function recentOptions(recent: readonly PaletteOption[], translate: TranslateFunction, query: string): PaletteOption[] {
  const group = translate('app.palette.recent');
  return recent
    .filter((o) => !query.trim() || matchesWords(o.label, query))
    .map((o) => ({ ...o, key: `recent:${o.key}`, group, match: undefined }));
}

/** The recent list after choosing `chosen`: it first, no repeats, at most RECENT_MAX. */
export function withRecent(recent: readonly PaletteOption[], chosen: PaletteOption): PaletteOption[] {
  const key = chosen.key.replace(/^recent:/, '');
  const entry = { key, group: chosen.group, label: chosen.label, path: chosen.path };
  return [entry, ...recent.filter((o) => o.key !== key)].slice(0, RECENT_MAX);
}
