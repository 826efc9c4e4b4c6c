// @vitest-environment node
import { describe, expect, test } from 'vitest';
import { AuthCache } from '../../src/core/server/security/auth-cache';

const NOW = 1_000_000;

function liveCache(maxEntries?: number, maxAgeMs?: number) {
  const c = new AuthCache<string>(maxEntries, maxAgeMs);
  c.setLive(true);
  return c;
}

describe('AuthCache', () => {
  test('serves nothing until the change notifications are live', () => {
    const c = new AuthCache<string>();
    c.set('k', 'v', c.version(), NOW + 1000, NOW);
    expect(c.get('k', NOW)).toBeUndefined();
    c.setLive(true);
    c.set('k', 'v', c.version(), NOW + 1000, NOW);
    expect(c.get('k', NOW)).toBe('v');
  });

  test('losing the notifications drops what it holds', () => {
    const c = liveCache();
    c.set('k', 'v', c.version(), NOW + 1000, NOW);
    c.setLive(false);
    c.setLive(true);
    expect(c.get('k', NOW)).toBeUndefined();
  });

  test('a change empties it', () => {
    const c = liveCache();
    c.set('a', '1', c.version(), NOW + 1000, NOW);
    c.set('b', '2', c.version(), NOW + 1000, NOW);
    c.invalidate();
    expect(c.get('a', NOW)).toBeUndefined();
    expect(c.get('b', NOW)).toBeUndefined();
  });

  test('an answer read while a change landed is not kept', () => {
    const c = liveCache();
    const before = c.version();
    c.invalidate(); // the change commits while the check is running
    c.set('k', 'stale', before, NOW + 1000, NOW);
    expect(c.get('k', NOW)).toBeUndefined();
  });

  test('an entry ends with its session, and never lives past the maximum age', () => {
    const c = liveCache(10, 5000);
    c.set('session', 'v', c.version(), NOW + 1000, NOW);
    expect(c.get('session', NOW + 999)).toBe('v');
    expect(c.get('session', NOW + 1000)).toBeUndefined();

    c.set('long', 'v', c.version(), NOW + 3_600_000, NOW);
    expect(c.get('long', NOW + 4999)).toBe('v');
    expect(c.get('long', NOW + 5000)).toBeUndefined();

    c.set('ended', 'v', c.version(), NOW, NOW);
    expect(c.get('ended', NOW)).toBeUndefined();
  });

  test('stays within its size', () => {
    const c = liveCache(3);
    for (const k of ['a', 'b', 'c', 'd']) c.set(k, k, c.version(), NOW + 1000, NOW);
    const held = ['a', 'b', 'c', 'd'].filter((k) => c.get(k, NOW) !== undefined);
    expect(held.length).toBeLessThanOrEqual(3);
    expect(c.get('d', NOW)).toBe('d');
  });
});
