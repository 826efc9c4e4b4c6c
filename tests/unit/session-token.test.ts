// @vitest-environment node
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { importSessionKey, signSessionToken, verifySessionToken } from '../../src/core/server/security/jwt';

const claims = { sub: '00000000-0000-4000-8000-000000000001', sid: '00000000-0000-4000-8000-000000000002' };

afterEach(() => {
  vi.useRealTimers();
});

describe('session tokens', () => {
  test('a token verifies with its key, again and again, and not with another key', async () => {
    const key = await importSessionKey(randomBytes(32));
    const token = await signSessionToken(key, claims, 60);
    expect(await verifySessionToken(key, token)).toEqual(claims);
    expect(await verifySessionToken(key, token)).toEqual(claims);
    const other = await importSessionKey(randomBytes(32));
    expect(await verifySessionToken(other, token)).toBeNull();
  });

  test('a token that verified before is refused once it expires', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const key = await importSessionKey(randomBytes(32));
    const token = await signSessionToken(key, claims, 60);
    expect(await verifySessionToken(key, token)).toEqual(claims);
    vi.setSystemTime(Date.now() + 61_000);
    expect(await verifySessionToken(key, token)).toBeNull();
  });

  test('one changed character is refused even after the real token verified', async () => {
    const key = await importSessionKey(randomBytes(32));
    const token = await signSessionToken(key, claims, 60);
    expect(await verifySessionToken(key, token)).toEqual(claims);
    const last = token.at(-2) === 'A' ? 'B' : 'A';
    expect(await verifySessionToken(key, `${token.slice(0, -2)}${last}${token.at(-1)}`)).toBeNull();
  });
});
