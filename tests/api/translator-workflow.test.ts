import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createUser } from './helpers';
import { startHarness, type Harness } from './harness';

// The translator's workflow: reference text, filters, progress, checks on save, plural forms.
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

type Entries = Record<string, string>;
interface EntryState {
  key: string;
  value: string | null;
  reference: string | null;
  changed: boolean;
}

const put = (body: unknown) => call(h, 'PUT', '/api/auth/translations', { token: h.adminToken, body });
const read = async (lang: string): Promise<Entries> =>
  (await call(h, 'POST', '/api/auth/translations', { token: h.adminToken, body: { lang } })).json().translation?.data.entries ?? {};
const list = (query: string) => call(h, 'GET', `/api/auth/translations/entries?${query}`, { token: h.adminToken });
const states = async (query: string): Promise<EntryState[]> => {
  const res = await list(query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

describe('translator workflow', () => {
  it('lists a language beside the reference (en), with the keys it lacks and paging', async () => {
    const res = await list('lang=el&limit=20000');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.reference).toBe('en');
    expect(body.found).toBe(true);
    const save = body.data.find((e: EntryState) => e.key === 'ra.action.save');
    expect(save).toEqual({ key: 'ra.action.save', value: expect.any(String), reference: 'Save', changed: false });
    const en = await read('en');
    expect(body.counts.all).toBeGreaterThanOrEqual(Object.keys(en).length);

    const paged = (await list('lang=el&limit=10&page=2')).json();
    expect(paged.data).toHaveLength(10);
    expect(paged.page).toBe(2);
    expect(paged.pages).toBe(Math.ceil(paged.total / 10));

    // The reference itself has nothing to compare with.
    const ref = (await list('lang=en&limit=5')).json();
    expect(ref.reference).toBeNull();
    expect(ref.data[0].reference).toBeNull();
    // A language nobody saved yet: every key the reference has, untranslated.
    const it = (await list('lang=it&filter=untranslated&limit=1')).json();
    expect(it.found).toBe(false);
    expect(it.total).toBe(it.counts.all);
  });

  it('filters on the server: untranslated, same as the reference, search in keys and values', async () => {
    const el = await read('el');
    el['app.menu.general'] = 'General';
    el['app.e2e_blank'] = '  ';
    delete el['ra.action.delete'];
    expect((await put({ lang: 'el', data: { entries: el } })).statusCode).toBe(200);

    const untranslated = (await states('lang=el&filter=untranslated&limit=20000')).map((e) => e.key);
    expect(untranslated).toEqual(expect.arrayContaining(['ra.action.delete', 'app.e2e_blank']));
    expect(untranslated).not.toContain('app.menu.general');

    const same = await states('lang=el&filter=same&limit=20000');
    expect(same.find((e) => e.key === 'app.menu.general')).toMatchObject({ value: 'General', reference: 'General' });
    expect(same.every((e) => e.value === e.reference)).toBe(true);

    // q matches the key, the value or the reference text, whatever the case.
    expect((await states('lang=el&q=MENU.GENERAL')).map((e) => e.key)).toContain('app.menu.general');
    const byValue = await states(`lang=el&q=${encodeURIComponent(el['ra.action.save'])}`);
    expect(byValue.map((e) => e.key)).toContain('ra.action.save');
    const byReference = await states('lang=el&q=Translations%20saved%20successfully');
    expect(byReference.map((e) => e.key)).toEqual(['app.translations.saved']);
  });

  it('flags entries whose reference text changed since they were saved, until saved again or reviewed', async () => {
    const en = await read('en');
    en['app.translations.saved'] = 'Translations saved.';
    en['ra.action.save'] = 'Save now';
    expect((await put({ lang: 'en', data: { entries: en } })).statusCode).toBe(200);

    const changed = await states('lang=el&filter=changed&limit=20000');
    expect(changed.map((e) => e.key).sort()).toEqual(['app.translations.saved', 'ra.action.save']);
    expect(changed[0].reference).toBe('Translations saved.');

    // Editing the translation clears its flag; marking the other as reviewed clears that one.
    const el = await read('el');
    el['app.translations.saved'] = 'Οι μεταφράσεις αποθηκεύτηκαν.';
    expect((await put({ lang: 'el', data: { entries: el } })).statusCode).toBe(200);
    expect((await states('lang=el&filter=changed')).map((e) => e.key)).toEqual(['ra.action.save']);
    expect((await put({ lang: 'el', data: { entries: el }, reviewed: ['ra.action.save'] })).statusCode).toBe(200);
    expect(await states('lang=el&filter=changed')).toEqual([]);

    // A later reference change flags again.
    en['ra.action.save'] = 'Save';
    await put({ lang: 'en', data: { entries: en } });
    expect((await states('lang=el&filter=changed')).map((e) => e.key)).toEqual(['ra.action.save']);
  });

  it('refuses a missing or misspelled placeholder with 400 naming the keys, never overridable', async () => {
    const el = await read('el');
    const before = { ...el };
    el['app.dashboard.welcome'] = 'Καλώς ήρθες'; // en: "Welcome, {{name}}"
    el['app.footer'] = '© {{yaer}} Back Office · v{{version}}';
    const res = await put({ lang: 'el', data: { entries: el }, acceptTagWarnings: true });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(Object.keys(body.fields).sort()).toEqual(['app.dashboard.welcome', 'app.footer']);
    expect(body.fields['app.dashboard.welcome']).toMatch(/\{\{name\}\}/);
    expect(body.fields['app.footer']).toMatch(/\{\{year\}\}.*\{\{yaer\}\}/);
    expect(await read('el')).toEqual(before);
  });

  it('refuses a lost HTML tag unless the translator accepts the warning', async () => {
    const en = await read('en');
    en['app.e2e_tagged'] = 'Read <b>this</b> first, {{name}}';
    await put({ lang: 'en', data: { entries: en } });
    const el = await read('el');
    el['app.e2e_tagged'] = 'Διάβασε αυτό πρώτα, {{name}}';
    const warned = await put({ lang: 'el', data: { entries: el } });
    expect(warned.statusCode).toBe(400);
    expect(warned.json().error).toMatch(/acceptTagWarnings/);
    expect(Object.keys(warned.json().fields)).toEqual(['app.e2e_tagged']);
    expect(warned.json().fields['app.e2e_tagged']).toMatch(/<b>/);
    const accepted = await put({ lang: 'el', data: { entries: el }, acceptTagWarnings: true });
    expect(accepted.statusCode).toBe(200);
    expect((await read('el'))['app.e2e_tagged']).toBe('Διάβασε αυτό πρώτα, {{name}}');
    // Entries the save leaves as they were are not checked again.
    el['app.menu.general'] = 'Γενικά';
    expect((await put({ lang: 'el', data: { entries: el } })).statusCode).toBe(200);
  });

  it('gives each language its progress against the reference in the language list', async () => {
    await put({ lang: 'de', data: { entries: { 'ra.action.save': 'Speichern', 'app.menu.general': '' } } });
    const res = await call(h, 'POST', '/api/auth/translations', { token: h.adminToken, body: {} });
    const langs = res.json().translations as { language: string; progress: { translated: number; total: number } }[];
    const en = langs.find((l) => l.language === 'en')!;
    const de = langs.find((l) => l.language === 'de')!;
    const el = langs.find((l) => l.language === 'el')!;
    expect(de.progress).toEqual({ translated: 1, total: en.progress.total });
    expect(el.progress.total).toBe(en.progress.total);
    expect(el.progress.translated).toBeLessThan(el.progress.total); // ra.action.delete went, app.e2e_blank is blank
    expect(en.progress.translated).toBeGreaterThan(0);
  });

  it("expects the plural forms of each language, compared with the reference's other form", async () => {
    const en = await read('en');
    en['app.e2e_files_one'] = '{{count}} file';
    en['app.e2e_files_other'] = '{{count}} files';
    await put({ lang: 'en', data: { entries: en } });
    // Polish needs one, few, many, other: the reference has no "few", its "other" is the text to follow.
    const pl = await states('lang=pl&q=e2e_files');
    expect(pl.map((e) => [e.key, e.reference])).toEqual([
      ['app.e2e_files_few', '{{count}} files'],
      ['app.e2e_files_many', '{{count}} files'],
      ['app.e2e_files_one', '{{count}} file'],
      ['app.e2e_files_other', '{{count}} files'],
    ]);
    const bad = await put({ lang: 'pl', data: { entries: { 'app.e2e_files_few': 'pliki' } } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(['app.e2e_files_few']);
    expect((await put({ lang: 'pl', data: { entries: { 'app.e2e_files_few': '{{count}} pliki' } } })).statusCode).toBe(200);
  });

  it('validates the query and needs the permission', async () => {
    expect((await list('lang=../x')).statusCode).toBe(400);
    expect((await list('lang=el&filter=nope')).statusCode).toBe(400);
    expect((await list('lang=el&limit=0')).statusCode).toBe(400);
    expect((await list('lang=el&other=1')).statusCode).toBe(400);
    expect((await list('lang=en')).statusCode).toBe(200);
    const user = await createUser(h, {});
    const token = await h.login(user.email, user.password);
    expect((await call(h, 'GET', '/api/auth/translations/entries?lang=el', { token })).statusCode).toBe(403);
    expect((await call(h, 'GET', '/api/auth/translations/entries?lang=el')).statusCode).toBe(401);
  });
});
