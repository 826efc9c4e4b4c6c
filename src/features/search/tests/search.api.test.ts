import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startHarness, type Harness } from '../../../../tests/api/harness';
import { call, createUser } from '../../../../tests/api/helpers';
import { createRole, signedIn, type Person } from '../../../../tests/api/security/people';
import { SEARCH_ITEMS_DEFAULT } from '../contract';

// One search over every list a person may read: what the lists would show them, grouped, and nothing else.

interface Item {
  id: string;
  label: string;
  path: string;
  match: { field: string; text: string; start: number; length: number } | null;
}
interface Group {
  resource: string;
  total: number;
  exact: boolean;
  path: string;
  items: Item[];
}

let h: Harness;
let limited: Person;
const people: Record<string, { _id: string; email: string }> = {};
let draftId = '';

const search = (query: string, token?: string) => call(h, 'GET', `/api/auth/search?${query}`, { token });
const groupsOf = async (query: string, token = h.adminToken): Promise<Group[]> => {
  const res = await search(query, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().groups;
};
const group = (groups: Group[], resource: string) => groups.find((g) => g.resource === resource);
/** The matched characters of an item, as a screen would highlight them. */
const highlighted = (i: Item) => i.match && i.match.text.slice(i.match.start, i.match.start + i.match.length);

beforeAll(async () => {
  h = await startHarness();
  const maria = await createUser(h, { name: 'Maria Papadopoulou', email: 'm.papadopoulou@example.com', confirmed: true });
  const mariaGr = await createUser(h, { name: 'Μαρία Παπαδοπούλου', email: 'maria.gr@example.gr', confirmed: true });
  const tamara = await createUser(h, { name: 'Tamara Mariakis', email: 'tamara@example.com', confirmed: true });
  // Confirmed, so the limited role reads her record, but her e-mail is a field it may not read.
  const hiddenMail = await createUser(h, { name: 'Nikos Demetriou', email: 'secretmailbox-zq@example.com', confirmed: true });
  // Not confirmed: outside the limited role's records altogether.
  const unconfirmed = await createUser(h, { name: 'Unconfirmed Quillonby', email: 'quillonby@example.com', confirmed: false });
  Object.assign(people, { maria, mariaGr, tamara, hiddenMail, unconfirmed });

  const draft = await call(h, 'POST', '/api/auth/experiences', {
    token: h.adminToken,
    body: {
      title: 'Maria walks the island of Quillonby',
      description: '<p>A walk with <b>Maria</b> around the bay.</p>',
      under_review: true,
    },
  });
  expect(draft.statusCode, draft.body).toBe(201);
  draftId = draft.json()._id;

  const role = await createRole(h, 'Search Limited', 'staff', [
    ['GET', '/api/auth/users'],
    ['GET', '/api/auth/experiences'],
  ]);
  const rules = {
    users: { read: ['name', 'createdAt', 'confirmed'], where: { confirmed: { eq: true } } },
    experiences: { read: ['title', 'createdAt', 'createdBy'], where: { createdBy: { eq: '$me' } } },
  };
  const put = await call(h, 'PUT', `/api/auth/roles/${role}/access`, { token: h.adminToken, body: { resources: rules } });
  expect(put.statusCode, put.body).toBe(200);
  limited = await signedIn(h, 'Search Limited');
});
afterAll(async () => h?.close());

describe('GET /api/auth/search', () => {
  test('needs a session', async () => {
    expect((await search('q=maria')).statusCode).toBe(401);
  });

  test('finds records in every list, labelled, highlighted, with the path that opens each', async () => {
    const groups = await groupsOf('q=papadopoulou');
    const users = group(groups, 'users');
    expect(users).toMatchObject({ total: 1, exact: true, path: '/admin/users?filter=%7B%22q%22%3A%22papadopoulou%22%7D' });
    expect(users?.items).toEqual([
      {
        id: people.maria._id,
        label: 'Maria Papadopoulou',
        path: `/admin/users?open=${people.maria._id}`,
        match: { field: 'email', text: 'm.papadopoulou@example.com', start: 2, length: 12 },
      },
    ]);
    // The same person through the profiles' projection of the users table.
    expect(group(groups, 'user-profiles')?.items.map((i) => i.id)).toEqual([people.maria._id]);
    // Nothing else matched: no empty groups.
    expect(groups.every((g) => g.total > 0 && g.items.length > 0)).toBe(true);
  });

  test('a term of three letters or more matches anywhere, as the lists do; a shorter one the start', async () => {
    const long = group(await groupsOf('q=aria'), 'users');
    expect(long?.items.map((i) => i.label)).toEqual(expect.arrayContaining(['Maria Papadopoulou', 'Tamara Mariakis']));
    expect(long?.items.find((i) => i.label === 'Tamara Mariakis')?.match).toMatchObject({ field: 'name', start: 8, length: 4 });
    const short = group(await groupsOf('q=ta'), 'users');
    expect(short?.items.map((i) => i.id)).toContain(people.tamara._id);
    expect(short?.items.map((i) => i.id)).not.toContain(people.maria._id);
    expect(short?.items.every((i) => i.match?.start === 0)).toBe(true);
  });

  test('a term too short for trigrams searches only fields a prefix index serves, never row by row', async () => {
    const made = await call(h, 'POST', '/api/auth/experiences', {
      token: h.adminToken,
      body: { title: 'Quiet coves', description: '<p>Islets and bays</p>', tags: ['islands', 'swimming'] },
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json()._id;
    // Tags and rich text have trigram indexes only: two letters do not look in them; three do.
    expect(group(await groupsOf('q=is&types=experiences'), 'experiences')?.items.map((i) => i.id) ?? []).not.toContain(id);
    expect(group(await groupsOf('q=isl&types=experiences'), 'experiences')?.items.map((i) => i.id)).toContain(id);
    // A title has a prefix index: two letters find it.
    expect(group(await groupsOf('q=qu&types=experiences'), 'experiences')?.items.map((i) => i.id)).toContain(id);
  });

  test('Greek text is found with or without its accents, and highlighted as written', async () => {
    for (const term of ['μαρία', 'μαρια', 'ΜΑΡΙΑ ΠΑΠ']) {
      const users = group(await groupsOf(`q=${encodeURIComponent(term)}`), 'users');
      expect(
        users?.items.map((i) => i.id),
        term,
      ).toEqual([people.mariaGr._id]);
      expect(highlighted(users!.items[0]), term).toBe(term === 'ΜΑΡΙΑ ΠΑΠ' ? 'Μαρία Παπ' : 'Μαρία');
    }
  });

  test('an experience opens in its editor; rich text is matched in its words, not its markup', async () => {
    const exp = group(await groupsOf('q=around+the+bay'), 'experiences');
    expect(exp?.items).toEqual([
      {
        id: draftId,
        label: 'Maria walks the island of Quillonby',
        path: `/admin/experiences/${draftId}/edit`,
        match: { field: 'description', text: expect.stringContaining('around the bay'), start: expect.any(Number), length: 14 },
      },
    ]);
    expect(exp?.items[0].match?.text).not.toContain('<');
  });

  test('types narrows the groups; limit caps each group, the total still counts all', async () => {
    const only = await groupsOf('q=maria&types=users');
    expect(only.map((g) => g.resource)).toEqual(['users']);
    const one = group(await groupsOf('q=maria&types=users&limit=1'), 'users');
    expect(one?.items).toHaveLength(1);
    expect(one?.total).toBeGreaterThanOrEqual(3);
    const dflt = group(await groupsOf('q=example.com&types=users'), 'users');
    expect(dflt?.items).toHaveLength(SEARCH_ITEMS_DEFAULT);
  });

  test('interface texts in every language and the screens of the menu', async () => {
    const texts = group(await groupsOf(`q=${encodeURIComponent('Χρήστες και προφίλ')}`), 'translations');
    expect(texts?.items).toEqual([
      {
        id: 'el:app.site.about.users_title',
        label: 'app.site.about.users_title (el)',
        path: '/admin/translations?lang=el&q=app.site.about.users_title',
        match: { field: 'value', text: 'Χρήστες και προφίλ', start: 0, length: 18 },
      },
    ]);
    const byKey = group(await groupsOf('q=about.users_title&types=translations'), 'translations');
    expect(byKey?.items.map((i) => i.id).sort()).toEqual(['el:app.site.about.users_title', 'en:app.site.about.users_title']);
    const menu = group(await groupsOf('q=webhooks&types=menu'), 'menu');
    expect(menu?.items).toEqual([expect.objectContaining({ label: 'Webhooks', path: '/admin/webhooks' })]);
  });

  test('screens: more matches than shown are counted, in menu order, never a hidden entry', async () => {
    const entry = async (name: string, menu: string, order: number) => {
      const res = await call(h, 'POST', '/api/auth/client-permissions', {
        token: h.adminToken,
        body: { name, menu, menu_order: order, path: `/reports/${order}` },
      });
      expect(res.statusCode, res.body).toBe(201);
    };
    await entry('Zanthorpe sales', 'Reports', 903);
    await entry('Zanthorpe stock', 'Reports', 901);
    await entry('Zanthorpe staff', 'Reports', 904);
    await entry('Zanthorpe audit', 'Reports', 902);
    await entry('Zanthorpe archive', 'hidden', 900);
    const menu = group(await groupsOf('q=zanthorpe&types=menu&limit=2'), 'menu');
    expect(menu).toMatchObject({ total: 4, exact: true });
    expect(menu?.items.map((i) => i.label)).toEqual(['Zanthorpe stock', 'Zanthorpe audit']);
    // A role holding none of them finds no screen, not even a count.
    expect(group(await groupsOf('q=zanthorpe&types=menu', limited.token), 'menu')).toBeUndefined();
  });

  test('a text saved a moment ago is found, quotes and backslashes included, and a text removed is not', async () => {
    const key = 'app.search_test.quoted';
    const read = async () =>
      (await call(h, 'POST', '/api/auth/translations', { token: h.adminToken, body: { lang: 'el' } })).json().translation.data
        .entries as Record<string, string>;
    const save = async (entries: Record<string, string>) => {
      const res = await call(h, 'PUT', '/api/auth/translations', { token: h.adminToken, body: { lang: 'el', data: { entries } } });
      expect(res.statusCode, res.body).toBe(200);
    };
    const el = await read();
    expect(await groupsOf('q=zephyrine&types=translations')).toEqual([]);
    const found = async (term: string) =>
      group(await groupsOf(`q=${encodeURIComponent(term)}&types=translations`), 'translations')?.items.map((i) => i.id) ?? [];
    try {
      await save({ ...el, [key]: 'Ο «Ζεφυρίνη» λέει "zephyrine\\path" σε όλους' });
      expect(await found('zephyrine')).toEqual([`el:${key}`]);
      // Typed without accents, in another case; and the characters the stored JSON escapes.
      expect(await found('ΖΕΦΥΡΙΝΗ')).toEqual([`el:${key}`]);
      expect(await found('λέει "zephyrine')).toEqual([`el:${key}`]);
      expect(await found('zephyrine\\path')).toEqual([`el:${key}`]);
    } finally {
      // The other tests read the Greek texts as they were.
      await save(el);
    }
    expect(await found('zephyrine')).toEqual([]);
  });

  test('a role with field and record rules finds only what its lists show it, and no count of the rest', async () => {
    // Her name is readable: found, and the answer holds nothing but what the list shows.
    const found = await groupsOf('q=demetriou', limited.token);
    expect(found.map((g) => g.resource)).toEqual(['users']);
    expect(found[0]).toMatchObject({ total: 1, items: [{ id: people.hiddenMail._id, label: 'Nikos Demetriou' }] });
    expect(JSON.stringify(found)).not.toContain('secretmailbox');
    // Her e-mail is not readable: searching for it finds nothing, not even a count.
    expect(await groupsOf('q=secretmailbox', limited.token)).toEqual([]);
    // An unconfirmed user and the admin's draft are outside the role's records; roles, translations and
    // screens it does not hold are not searched.
    expect(await groupsOf('q=quillonby', limited.token)).toEqual([]);
    const wide = await groupsOf('q=search+limited', limited.token);
    expect(wide.map((g) => g.resource)).toEqual([]);
    expect(await groupsOf('q=users_title', limited.token)).toEqual([]);
    // The superadmin finds both, so the term is not what hides them.
    const all = await groupsOf('q=quillonby');
    expect(all.map((g) => g.resource).sort()).toEqual(['experiences', 'user-profiles', 'users']);
  });

  test('an API token is refused: search gathers lists beyond any one scope', async () => {
    const made = await call(h, 'POST', '/api/auth/tokens', { token: h.adminToken, body: { name: 'Search probe' } });
    expect(made.statusCode, made.body).toBe(201);
    const res = await search('q=maria', made.json().token);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatch(/API token cannot be used for this/);
  });

  test('bad input is a 400 that says why; never a 5xx', async () => {
    for (const query of [
      '',
      'q=',
      `q=${'x'.repeat(201)}`,
      'q=maria&types=Users!',
      'q=maria&types=__proto__',
      'q=maria&limit=0',
      'q=maria&limit=21',
      'q=maria&page=2',
    ]) {
      const res = await search(query, h.adminToken);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error, query).toEqual(expect.any(String));
    }
    // Types that name nothing, or only prototype words, search nothing.
    expect(await groupsOf('q=maria&types=constructor,nothing-here')).toEqual([]);
    // Characters LIKE treats as wildcards are matched as themselves.
    expect(await groupsOf(`q=${encodeURIComponent('%_%')}`)).toEqual([]);
  });
});

describe('search shows exactly what the lists show, for several roles with rules', () => {
  interface ListPage {
    data: Record<string, unknown>[];
    total: number;
  }
  const roleSpecs: { name: string; routes: [string, string][]; rules: Record<string, unknown> }[] = [
    {
      name: 'Leak Probe Names',
      routes: [
        ['GET', '/api/auth/users'],
        ['GET', '/api/auth/user-profiles'],
      ],
      rules: { users: { read: ['name', 'createdAt'], where: { confirmed: { eq: false } } } },
    },
    {
      name: 'Leak Probe Own Drafts',
      routes: [
        ['GET', '/api/auth/experiences'],
        ['GET', '/api/auth/roles'],
      ],
      rules: { experiences: { read: ['title', 'createdAt', 'createdBy'], where: { createdBy: { eq: '$me' } } }, roles: { read: ['name'] } },
    },
    {
      name: 'Leak Probe Links',
      routes: [
        ['GET', '/api/auth/user-roles'],
        ['GET', '/api/auth/users'],
      ],
      rules: { users: { read: ['email', 'createdAt'], where: { blocked: { eq: false } } } },
    },
  ];
  const terms = ['maria', 'papadopoulou', 'quillonby', 'example', 'ta', 'demetriou', 'search', 'leak', 'μαρια', 'island'];

  test('every item is a record of that role list for the same term, every total its list total', async () => {
    for (const spec of roleSpecs) {
      const role = await createRole(h, spec.name, 'staff', spec.routes);
      const put = await call(h, 'PUT', `/api/auth/roles/${role}/access`, { token: h.adminToken, body: { resources: spec.rules } });
      expect(put.statusCode, put.body).toBe(200);
      const person = await signedIn(h, spec.name);
      let checked = 0;
      for (const term of terms) {
        for (const g of await groupsOf(`q=${encodeURIComponent(term)}&limit=20`, person.token)) {
          const api = `/api/auth/${g.resource}`;
          const list = await call(h, 'GET', `${api}?q=${encodeURIComponent(term)}&limit=100`, { token: person.token });
          expect(list.statusCode, `${spec.name} ${api}`).toBe(200);
          const page = list.json() as ListPage;
          const where = `${spec.name}, "${term}", ${g.resource}`;
          expect(g.total, where).toBe(page.total);
          const listed = new Map(page.data.map((rec) => [String(rec._id), rec]));
          for (const item of g.items) {
            checked++;
            const rec = listed.get(item.id);
            expect(rec, `${where}: ${item.id} is not in the list`).toBeDefined();
            // What the item shows is a value of the record as the list shows it.
            if (item.label !== item.id) expect(Object.values(rec!), where).toContain(item.label);
            if (item.match) {
              const shown = JSON.stringify(rec);
              expect(shown.toLowerCase(), where).toContain(
                item.match.text.replace(/^…|…$/g, '').slice(0, 20).toLowerCase().replace(/"/g, '\\"'),
              );
            }
          }
        }
      }
      // The test checked real answers, not empty ones.
      expect(checked, spec.name).toBeGreaterThan(0);
    }
  });
});
