// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
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
});
