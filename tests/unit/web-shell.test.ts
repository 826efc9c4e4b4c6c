import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminTwin } from '../../src/core/web/adminPaths';
import { loginPathWithNext, needsSession } from '../../src/core/shared/session-gate';
import { interpolate, lookup } from '../../src/core/web/localeFile';
import { ChunkLoadError, CHUNK_TIMEOUT_MS, lazyWithTimeout } from '../../src/core/web/lazyWithTimeout';
import { toSupported } from '../../src/core/web/language';
import { kioskTarget } from '../../src/core/admin/kiosk/kioskTarget';

afterEach(() => vi.useRealTimers());

describe('entry routing', () => {
  it('keeps forgot/reset password on the public side, sends other admin paths to their twin', () => {
    expect(adminTwin('/forgot-password', '')).toBeNull();
    expect(adminTwin('/reset-password/abc', '')).toBeNull();
    expect(adminTwin('/login', '?next=/x')).toBe('/admin/login?next=/x');
    expect(adminTwin('/translations', '')).toBe('/admin/translations');
  });

  it('sends a visitor without a session from an admin screen to sign in, coming back with its query', () => {
    expect(needsSession('/admin/users')).toBe(true);
    expect(needsSession('/admin')).toBe(true);
    expect(needsSession('/admin/account/two-factor')).toBe(true);
    expect(needsSession('/admin/login')).toBe(false);
    expect(needsSession('/admin/forgot-password')).toBe(false);
    expect(needsSession('/admin/reset-password/abc')).toBe(false);
    expect(needsSession('/admin/loginx')).toBe(true);
    expect(needsSession('/about')).toBe(false);
    expect(loginPathWithNext('/admin/users?sort=name&q=a b')).toBe('/login?next=%2Fadmin%2Fusers%3Fsort%3Dname%26q%3Da%20b');
    expect(loginPathWithNext('/admin/login?next=/x')).toBe('/login');
    expect(loginPathWithNext('/events')).toBe('/login');
  });

  it('login-only shell: next when same-site, else /admin', () => {
    expect(kioskTarget('?next=/admin/users')).toBe('/admin/users');
    expect(kioskTarget('?next=//evil.example')).toBe('/admin');
    expect(kioskTarget('')).toBe('/admin');
  });
});

describe('light translations', () => {
  const messages = { app: { site: { title: 'Hi {{name}}', n: { deep: 'x' } } } };
  it('looks up dotted keys and fills placeholders (no escaping)', () => {
    expect(lookup(messages, 'app.site.title')).toBe('Hi {{name}}');
    expect(lookup(messages, 'app.site.n')).toBeUndefined();
    expect(lookup(messages, 'app.missing.key')).toBeUndefined();
    expect(interpolate('Hi {{name}} {{ other }}', { name: '<b>' })).toBe('Hi <b> {{ other }}');
  });

  it('collapses regional codes and refuses unsupported ones', () => {
    expect(toSupported('el-GR')).toBe('el');
    expect(toSupported('en_US')).toBe('en');
    expect(toSupported('de')).toBeNull();
  });
});

describe('chunk-load timeout', () => {
  it('rejects with ChunkLoadError after 120000 ms', async () => {
    vi.useFakeTimers();
    expect(CHUNK_TIMEOUT_MS).toBe(120000);
    const load = lazyWithTimeout(() => new Promise<never>(() => undefined));
    const result = load().then(
      () => 'loaded',
      (e: unknown) => e,
    );
    await vi.advanceTimersByTimeAsync(119999);
    await vi.advanceTimersByTimeAsync(1);
    expect(await result).toBeInstanceOf(ChunkLoadError);
  });
});
