import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createUser } from '../../../../tests/api/helpers';
import { startHarness, type Harness } from '../../../../tests/api/harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

const tr = (body: unknown, method: 'POST' | 'PUT' = 'POST') => call(h, method, '/api/auth/translations', { token: h.adminToken, body });

describe('translations', () => {
  it('lists the seeded languages en and el', async () => {
    const res = await tr({});
    expect(res.statusCode).toBe(200);
    expect(res.json().translations.map((t: { language: string }) => t.language)).toEqual(['el', 'en']);
  });

  it('returns one language with its entries, including react-admin messages', async () => {
    const res = await tr({ lang: 'el' });
    const body = res.json();
    expect(body.langFound).toBe(true);
    expect(body.translation.language).toBe('el');
    expect(typeof body.translation.data.entries['ra.action.save']).toBe('string');
    expect(body.translations).toHaveLength(2);
    const missing = await tr({ lang: 'it' });
    expect(missing.json()).toMatchObject({ langFound: false, translation: null });
  });

  it('refuses language codes that could become paths', async () => {
    for (const lang of ['../etc', 'en/../../x', 'EN', 'e', 'english', 'en_US', '']) {
      const res = await tr({ lang });
      expect(res.statusCode, lang).toBe(400);
    }
    const put = await tr({ lang: '../../tmp', data: { a: 'b' } }, 'PUT');
    expect(put.statusCode).toBe(400);
  });

  it('saves entries, dropping blank keys, and refuses non-text values', async () => {
    const res = await tr({ lang: 'it', data: { entries: { 'app.hello': 'Ciao', '   ': 'dropped', '': 'x' } } }, 'PUT');
    expect(res.statusCode).toBe(200);
    expect(res.json().translation.data.entries).toEqual({ 'app.hello': 'Ciao' });
    expect(res.json().translation.updatedAt).not.toBeNull();
    const bad = await tr({ lang: 'it', data: { entries: { a: { nested: true } } } }, 'PUT');
    expect(bad.statusCode).toBe(400);
  });

  it('refuses oversized bodies', async () => {
    const entries: Record<string, string> = {};
    for (let i = 0; i < 600; i++) entries[`k${i}`] = 'x'.repeat(9000);
    const res = await tr({ lang: 'it', data: { entries } }, 'PUT');
    expect(res.statusCode).toBe(413);
  });

  it('concurrent saves never mix: the result is one of the saves, whole', async () => {
    const a = Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`k${i}`, `a${i}`]));
    const b = Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`k${i}`, `b${i}`]));
    const results = await Promise.all([tr({ lang: 'fr', data: { entries: a } }, 'PUT'), tr({ lang: 'fr', data: { entries: b } }, 'PUT')]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    const stored = (await tr({ lang: 'fr' })).json().translation.data.entries;
    expect([JSON.stringify(a), JSON.stringify(b)]).toContain(
      JSON.stringify(Object.fromEntries(Object.entries(stored).sort(([x], [y]) => Number(x.slice(1)) - Number(y.slice(1))))),
    );
  });

  it('generates every language, nested, served at /locales/{lng}/translations.json', async () => {
    await tr(
      { lang: 'el', data: { entries: { ...(await tr({ lang: 'el' })).json().translation.data.entries, 'app.test_key': 'Δοκιμή' } } },
      'PUT',
    );
    const res = await tr({ generate_files: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().generated).toEqual(expect.arrayContaining(['el', 'en', 'it', 'fr']));
    expect(res.json().translations.every((t: { lastGenerated: string | null }) => t.lastGenerated)).toBe(true);
    const served = await h.app.inject({ method: 'GET', url: '/locales/el/translations.json' });
    expect(served.statusCode).toBe(200);
    const json = served.json();
    expect(json.app.test_key).toBe('Δοκιμή');
    expect(typeof json.ra.action.save).toBe('string');
  });

  it('needs the translations permission', async () => {
    const user = await createUser(h, {});
    const token = await h.login(user.email, user.password);
    expect((await call(h, 'POST', '/api/auth/translations', { token, body: {} })).statusCode).toBe(403);
    expect((await call(h, 'POST', '/api/auth/translations', { body: {} })).statusCode).toBe(401);
  });
});
