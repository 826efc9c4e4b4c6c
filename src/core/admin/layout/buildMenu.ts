import type { Category } from '../providers/categories';
import { HIDDEN_MENU } from '../../shared/menu';

export type MenuGroupKind = 'general' | 'group' | 'account';

export interface MenuGroup {
  /** 'general', 'account' or the group's menu name. */
  key: string;
  kind: MenuGroupKind;
  items: Category[];
}

const byOrder = (a: Category, b: Category) => a.menu_order - b.menu_order || a.name.localeCompare(b.name);

/**
 * The side menu: 'normal' items go under General, any other menu name
 * becomes a dropdown group, 'account' comes last and 'hidden' is ignored.
 * Items sort by menu_order; groups by their first item's order.
 */
export function buildMenu(categories: readonly Category[]): MenuGroup[] {
  const general: Category[] = [];
  const account: Category[] = [];
  const groups = new Map<string, Category[]>();
  for (const c of categories) {
    if (c.menu === HIDDEN_MENU) continue;
    if (c.menu === 'normal') general.push(c);
    else if (c.menu === 'account') account.push(c);
    else groups.set(c.menu, [...(groups.get(c.menu) ?? []), c]);
  }
  const result: MenuGroup[] = [];
  if (general.length) result.push({ key: 'general', kind: 'general', items: general.sort(byOrder) });
  const named = [...groups.entries()].map(([key, items]) => ({ key, kind: 'group' as const, items: items.sort(byOrder) }));
  named.sort((a, b) => byOrder(a.items[0], b.items[0]) || a.key.localeCompare(b.key));
  result.push(...named);
  if (account.length) result.push({ key: 'account', kind: 'account', items: account.sort(byOrder) });
  return result;
}
