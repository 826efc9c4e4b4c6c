import { describe, expect, test } from 'vitest';
import { matchesWords } from '../fold';
import { foldSearchText } from '../../../core/shared/search-fold';
import { recordOptions, RECENT_MAX, withRecent, type PaletteOption } from '../admin/paletteOptions';
import type { TranslateFunction } from 'react-admin';

const translate = ((key: string, o?: Record<string, unknown>) =>
  key === 'app.palette.see_all' ? `See all in ${String(o?.name)} (${String(o?.total)})` : String(o?._ ?? key)) as TranslateFunction;

describe('the palette', () => {
  test('compares without case or accents, Greek included, every word anywhere', () => {
    expect(foldSearchText('Μαρία Χρήστες Émile')).toBe('μαρια χρηστεσ emile');
    expect(matchesWords('Χρήστες', 'χρηστες')).toBe(true);
    expect(matchesWords('Add New Experience', 'exp add')).toBe(true);
    expect(matchesWords('Add New Experience', 'exp user')).toBe(false);
  });

  test('a group ends in "see all" only when it holds more than it lists; the menu group is left to the screens', () => {
    const item = { id: '1', label: 'Maria', path: '/admin/users?open=1', match: null };
    const groups = (total: number) => [
      {
        resource: 'notifications',
        total,
        exact: false,
        path: '/admin/notifications?filter=x',
        items: [{ ...item, path: '/admin/n?open=1' }],
      },
    ];
    // The count as the interface's language writes it, whatever the browser's.
    expect(recordOptions(groups(12_500), translate, 'en').at(-1)?.label).toBe('See all in notifications (12,500+)');
    expect(recordOptions(groups(12_500), translate, 'el').at(-1)?.label).toBe('See all in notifications (12.500+)');
    const options = recordOptions(
      [
        { resource: 'users', total: 9, exact: true, path: '/admin/users?filter=x', items: [item] },
        {
          resource: 'notifications',
          total: 1000,
          exact: false,
          path: '/admin/notifications?filter=x',
          items: [{ ...item, path: '/admin/n?open=1' }],
        },
        { resource: 'roles', total: 1, exact: true, path: '/admin/roles?filter=x', items: [{ ...item, path: '/admin/roles?open=1' }] },
        { resource: 'menu', total: 1, exact: true, path: '/admin/', items: [{ ...item, path: '/admin/users' }] },
      ],
      translate,
      'en',
    );
    expect(options.map((o) => [o.key, o.label, o.path])).toEqual([
      ['record:users:1', 'Maria', '/admin/users?open=1'],
      ['all:users', 'See all in users (9)', '/admin/users?filter=x'],
      ['record:notifications:1', 'Maria', '/admin/n?open=1'],
      ['all:notifications', 'See all in notifications (1,000+)', '/admin/notifications?filter=x'],
      ['record:roles:1', 'Maria', '/admin/roles?open=1'],
    ]);
  });

  test('a choice becomes the newest recent one, once, and the list stays short', () => {
    const o = (n: number): PaletteOption => ({ key: `screen:/s${n}`, group: 'Screens', label: `S${n}`, path: `/admin/s${n}` });
    let recent: PaletteOption[] = [];
    for (let n = 0; n < RECENT_MAX + 3; n++) recent = withRecent(recent, o(n));
    expect(recent).toHaveLength(RECENT_MAX);
    recent = withRecent(recent, { ...o(5), key: 'recent:screen:/s5' });
    expect(recent[0].key).toBe('screen:/s5');
    expect(recent.filter((r) => r.key === 'screen:/s5')).toHaveLength(1);
  });
});
