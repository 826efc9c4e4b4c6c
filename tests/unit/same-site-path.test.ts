import { describe, expect, it } from 'vitest';
import { sameSitePath } from '../../src/core/shared/same-site-path';
import { loginTarget } from '../../src/core/web/loginTarget';
import { afterLoginTarget } from '../../src/core/admin/auth/loginPath';

// Each of these, given to a browser as a location, leads to another site: `\` is read as `/`, tabs and
// newlines are dropped, and a scheme or `//` names a host.
const OFF_SITE = [
  'https://evil.example',
  '//evil.example',
  '/\\evil.example',
  '\\/evil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  '/\r/evil.example',
  'javascript:alert(1)',
  ' /x',
  '',
];

describe('a same-site path (where a sign-in may lead)', () => {
  it('keeps paths of this site, with their query and fragment', () => {
    for (const path of ['/admin', '/admin/users?sort=name&q=a%20b', '/admin/users/12#top', '/events', '/%2F%2Fevil.example'])
      expect(sameSitePath(path)).toBe(path);
  });

  it('refuses whatever a browser would read as another site', () => {
    for (const next of OFF_SITE) expect(sameSitePath(next), JSON.stringify(next)).toBeNull();
    expect(sameSitePath(null)).toBeNull();
    expect(sameSitePath(undefined)).toBeNull();
  });

  it('sends the light login page and the admin home for anything off site', () => {
    for (const next of OFF_SITE) {
      expect(loginTarget(`?next=${encodeURIComponent(next)}`), JSON.stringify(next)).toBe('/admin');
      expect(afterLoginTarget(next), JSON.stringify(next)).toEqual({ inAdmin: '/' });
    }
    expect(loginTarget('?next=%2Fadmin%2Froles%3Fsort%3Dname')).toBe('/admin/roles?sort=name');
    expect(afterLoginTarget('/admin/roles?sort=name')).toEqual({ inAdmin: '/roles?sort=name' });
    expect(afterLoginTarget('/events')).toEqual({ external: '/events' });
  });
});
