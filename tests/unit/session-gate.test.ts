// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, saveSession, syncSignedInHint } from '../../src/core/web/session';

afterEach(() => localStorage.clear());

describe('the signed-in hint cookie', () => {
  it('keeps the signed-in hint cookie in step with the stored session', () => {
    const user = { _id: 'u1', name: 'Ann', email: 'ann@example.com' } as Parameters<typeof saveSession>[0]['user'];
    clearSession();
    expect(document.cookie).not.toContain('bo_signed_in');
    saveSession({ token: 't1', user }, null);
    expect(document.cookie).toContain('bo_signed_in=1');
    clearSession();
    expect(document.cookie).not.toContain('bo_signed_in');
    // A session stored before the hint existed: the next page load sets it.
    localStorage.setItem('userInfo', JSON.stringify({ token: 't2', user }));
    syncSignedInHint();
    expect(document.cookie).toContain('bo_signed_in=1');
    localStorage.clear();
    syncSignedInHint();
    expect(document.cookie).not.toContain('bo_signed_in');
  });

  it('lives as long as the token: gone once its expiry passes, never set for an expired one', () => {
    const user = { _id: 'u1', name: 'Ann', email: 'ann@example.com' } as Parameters<typeof saveSession>[0]['user'];
    const part = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const token = (exp: number) => `${part({ alg: 'HS256' })}.${part({ sub: 'u1', exp })}.sig`;
    vi.useFakeTimers({ now: new Date('2026-11-30T12:00:00Z') });
    try {
      const now = Math.floor(Date.now() / 1000);
      saveSession({ token: token(now + 60), user }, null);
      expect(document.cookie).toContain('bo_signed_in=1');
      vi.setSystemTime((now + 61) * 1000);
      expect(document.cookie).not.toContain('bo_signed_in');
      // A page load with the expired session still stored does not set it again.
      syncSignedInHint();
      expect(document.cookie).not.toContain('bo_signed_in');
      saveSession({ token: token(now - 1), user }, null);
      expect(document.cookie).not.toContain('bo_signed_in');
    } finally {
      vi.useRealTimers();
      clearSession();
    }
  });
});
