import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './helpers';
import { startHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  for (const [name, email] of [
    ['Zoe Quinn', 'zq.first@example.com'],
    ['Anna Zquist', 'anna@example.com'],
    ['Percent 100%', 'pct@example.com'],
    ['Zr Next', 'zr@example.com'],
    ['Ζωή Ζαχαρίου', 'zwi@example.com'],
    ['Ηλίας Η', 'ilias@example.com'],
  ]) {
    const res = await call(h, 'POST', '/api/auth/users', { token: h.adminToken, body: { name, email } });
    expect(res.statusCode).toBe(201);
  }
});
afterAll(async () => h?.close());

const names = async (q: string) =>
  (await call(h, 'GET', `/api/auth/users?limit=100&q=${encodeURIComponent(q)}`, { token: h.adminToken }))
    .json()
    .data.map((u: { name: string }) => u.name)
    .sort();

describe('list search', () => {
  it('matches three or more characters anywhere, case-insensitively', async () => {
    expect(await names('QUIS')).toEqual(['Anna Zquist']);
    expect(await names('first@')).toEqual(['Zoe Quinn']);
  });

  it('matches one- or two-letter terms at the start of a value (indexable on big tables)', async () => {
    expect(await names('zq')).toEqual(['Zoe Quinn']);
    expect(await names('Zo')).toEqual(['Zoe Quinn']);
    expect(await names('an')).toEqual(['Anna Zquist']);
  });

  it('ends a prefix match exactly where the next letter begins, in any script', async () => {
    expect(await names('zq')).toEqual(['Zoe Quinn']);
    expect(await names('zr')).toEqual(['Zr Next']);
    expect(await names('ΖΩ')).toEqual(['Ζωή Ζαχαρίου']);
    expect(await names('ζ')).toEqual(['Ζωή Ζαχαρίου']);
    expect(await names('η')).toEqual(['Ηλίας Η']);
  });

  it('ignores accents, in the term and in the values, at any length', async () => {
    expect(await names('ζωη')).toEqual(['Ζωή Ζαχαρίου']);
    expect(await names('ΖΑΧΑΡΙΟΥ')).toEqual(['Ζωή Ζαχαρίου']);
    expect(await names('ηλιας')).toEqual(['Ηλίας Η']);
    expect(await names('Ηλ')).toEqual(['Ηλίας Η']);
    expect(await names('ζώ')).toEqual(['Ζωή Ζαχαρίου']);
  });

  it('treats % and _ literally', async () => {
    expect(await names('00%')).toEqual(['Percent 100%']);
    expect(await names('pe')).toEqual(['Percent 100%']);
    expect(await names('%')).toEqual([]);
    expect(await names('_')).toEqual([]);
  });
});
