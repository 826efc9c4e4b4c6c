import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startHarness, type Harness } from '../harness';
import { call, runSql } from '../helpers';

// A translation key `__proto__.access` saved and generated wrote
// Object.prototype.access = 'public', and every protected route answered
// anonymously.

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

const proto = Object.prototype as Record<string, unknown>;
const polluted = () => ({ access: proto.access, polluted: proto.polluted, isAdmin: proto.isAdmin });
const clean = { access: undefined, polluted: undefined, isAdmin: undefined };

const translations = (method: 'POST' | 'PUT', body: unknown) => call(h, method, '/api/auth/translations', { token: h.adminToken, body });

async function entriesOf(lang: string): Promise<Record<string, string>> {
  return (await translations('POST', { lang })).json().translation.data.entries;
}

describe('translation keys', () => {
  test.each([
    '__proto__.access',
    'constructor.prototype.access',
    'ra.__proto__.isAdmin',
    'app.constructor',
    'prototype',
    'prototype.polluted',
  ])('saving the key %j is a 400 with the reason, and nothing is saved', async (key) => {
    const before = await entriesOf('en');
    const res = await translations('PUT', { lang: 'en', data: { entries: { 'app.fine': 'Fine', [key]: 'public' } } });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.error).toMatch(/__proto__, constructor or prototype/);
    expect(Object.keys(body.fields)).toEqual(['data']);
    expect(body.fields.data).toContain(key);
    expect(await entriesOf('en')).toEqual(before);
    expect(polluted()).toEqual(clean);
  });

  test('the attack of the report (save, then Generate) leaves every protected route protected', async () => {
    await translations('PUT', { lang: 'en', data: { entries: { '__proto__.access': 'public' } } });
    await translations('POST', { generate_files: true });
    expect(polluted()).toEqual(clean);
    expect((await call(h, 'GET', '/api/auth/users')).statusCode).toBe(401);
  });

  test('rows already in the database with such keys do not pollute anything when generated', async () => {
    await runSql(
      h,
      sql`UPDATE translations SET entries = entries || ${JSON.stringify({
        '__proto__.access': 'public',
        'constructor.prototype.polluted': 'yes',
        'ra.__proto__.isAdmin': 'true',
        ['__proto__']: 'x',
      })}::jsonb WHERE language = 'en'`,
    );
    const res = await translations('POST', { generate_files: true });
    expect(res.statusCode).toBe(200);
    expect(polluted()).toEqual(clean);
    expect(({} as Record<string, unknown>).access).toBeUndefined();
    const anonymous = await call(h, 'GET', '/api/auth/users');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ error: 'Please sign in to continue.' });
    // The generated file still holds the ordinary texts and none of the keys above.
    const file = (await h.app.inject({ method: 'GET', url: '/locales/en/translations.json' })).body;
    expect(JSON.parse(file).ra.action.save).toBe('Save');
    expect(file).not.toMatch(/__proto__|"constructor"|"prototype"/);
  });
});

describe('security decisions read own properties only', () => {
  test('even with Object.prototype.access polluted by some other path, protected routes stay protected', async () => {
    for (const value of ['public', 'self', 'anything']) {
      // Not enumerable: a lookup of `.access` (what a security decision does) still finds it, while
      // prom-client's GC observer, firing in this window, does not enumerate it as a metric label and throw.
      Object.defineProperty(proto, 'access', { value, configurable: true, writable: true, enumerable: false });
      try {
        for (const url of ['/api/auth/users', '/api/auth/roles', '/api/auth/my-profile']) {
          const res = await call(h, 'GET', url);
          expect(res.statusCode, `${value}: ${url}`).toBe(401);
        }
        // Public routes declare their access as their own property and keep working.
        expect((await call(h, 'GET', '/api/config')).statusCode).toBe(200);
      } finally {
        delete proto.access;
      }
    }
  });
});
