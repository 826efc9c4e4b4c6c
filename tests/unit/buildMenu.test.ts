import { describe, expect, it } from 'vitest';
import { buildMenu } from '../../src/core/admin/layout/buildMenu';
import type { Category } from '../../src/core/admin/providers/categories';

let n = 0;
const cat = (name: string, menu: string, menu_order: number, path = '/' + name.toLowerCase()): Category => ({
  _id: String(++n),
  name,
  path,
  menu,
  menu_order,
  description: null,
  auth: true,
});

describe('buildMenu', () => {
  it('puts normal items under General, groups others, account last, hidden nowhere', () => {
    const menu = buildMenu([
      cat('Profile', 'account', 1, '/account/profile'),
      cat('Roles', 'Access', 20),
      cat('Secret', 'hidden', 0),
      cat('Invites', 'normal', 5),
      cat('Users', 'Access', 10),
      cat('Experiences', 'normal', 1),
      cat('Translations', 'Content', 30),
    ]);
    expect(menu.map((g) => [g.kind, g.key, g.items.map((i) => i.name)])).toEqual([
      ['general', 'general', ['Experiences', 'Invites']],
      ['group', 'Access', ['Users', 'Roles']],
      ['group', 'Content', ['Translations']],
      ['account', 'account', ['Profile']],
    ]);
  });

  it('orders groups by their first item and returns nothing for no categories', () => {
    const menu = buildMenu([cat('B', 'Beta', 1), cat('A', 'Alpha', 9)]);
    expect(menu.map((g) => g.key)).toEqual(['Beta', 'Alpha']);
    expect(buildMenu([])).toEqual([]);
  });
});
