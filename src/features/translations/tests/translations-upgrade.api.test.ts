import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedTranslations } from '../server/store';
import { call, runSql } from '../../../../tests/api/helpers';
import { startHarness, type Harness } from '../../../../tests/api/harness';

// An install whose translations came from an older release: its editable copy and its last Generate lack strings
// that this release ships (new screens). Starting this release (seedTranslations, run at every start) adds them
// where they are missing and changes nothing a translator wrote.
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

const bundled = path.resolve('public/locales');
const shipped = (lang: string) =>
  JSON.parse(readFileSync(path.join(bundled, lang, 'translations.json'), 'utf8')) as { app: Record<string, Record<string, string>> };
const NEW_KEY = 'app.two_factor.title';
const edit = (body: unknown, method: 'POST' | 'PUT' = 'POST') => call(h, method, '/api/auth/translations', { token: h.adminToken, body });
const served = async (lang: string) => (await h.app.inject({ method: 'GET', url: `/locales/${lang}/translations.json` })).json();

describe('strings a new release ships', () => {
  it('are added to the editable copy and to the last Generate, where missing; a translator’s text stays', async () => {
    expect(shipped('el').app.two_factor.title).toEqual(expect.any(String));
    // The translator's own text, saved and generated.
    const entries = (await edit({ lang: 'el' })).json().translation.data.entries as Record<string, string>;
    expect((await edit({ lang: 'el', data: { entries: { ...entries, 'app.menu.general': 'Γενικά (δικό μας)' } } }, 'PUT')).statusCode).toBe(
      200,
    );
    expect((await edit({ generate_files: true })).statusCode).toBe(200);
    // As an older release left it: the key is in neither the copy nor the published file.
    await runSql(h, sql`UPDATE translations SET entries = entries - ${NEW_KEY}`);
    const published = await served('el');
    delete published.app.two_factor.title;
    await runSql(h, sql`UPDATE translation_snapshots SET body = ${JSON.stringify(published)}, etag = '"old"' WHERE language = 'el'`);
    expect((await served('el')).app.two_factor.title).toBeUndefined();

    await seedTranslations(h.app.deps.database.db, bundled);

    const res = await h.app.inject({ method: 'GET', url: '/locales/el/translations.json', headers: { 'if-none-match': '"old"' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().app.two_factor.title).toBe(shipped('el').app.two_factor.title);
    expect(res.json().app.menu.general).toBe('Γενικά (δικό μας)');
    const copy = (await edit({ lang: 'el' })).json().translation.data.entries as Record<string, string>;
    expect(copy[NEW_KEY]).toBe(shipped('el').app.two_factor.title);
    expect(copy['app.menu.general']).toBe('Γενικά (δικό μας)');
    expect((await served('en')).app.two_factor.title).toBe(shipped('en').app.two_factor.title);
  });

  it('a second start changes nothing', async () => {
    const before = await h.app.inject({ method: 'GET', url: '/locales/el/translations.json' });
    await seedTranslations(h.app.deps.database.db, bundled);
    const after = await h.app.inject({
      method: 'GET',
      url: '/locales/el/translations.json',
      headers: { 'if-none-match': String(before.headers.etag) },
    });
    expect(after.statusCode).toBe(304);
  });
});
