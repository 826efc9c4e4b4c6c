import { describe, expect, it } from 'vitest';
import { resources } from '../../resources';
import { adminSegments, routeCollisions } from '../../src/core/shared/route-names';
import { createResourceSet, resourceProblems } from '../../src/core/shared/resource-set';
import { SITE_PATHS } from '../../src/core/shared/site-paths';
import { ROUTES } from '../../src/core/site/routes';
import { ADMIN_SEGMENTS, adminTwin } from '../../src/core/web/adminPaths';
import { gadgets } from '../fixtures/gadgets';
import type { ResourceDef } from '../../src/core/shared/resource';
import { recordAdminPath } from '../../src/core/shared/record-path';

const named = (name: string): ResourceDef => ({ ...gadgets, name, table: name, api: `/api/auth/${name}`, path: `/${name}` });

describe('route names', () => {
  it('the public site serves exactly the paths the server checks against', () => {
    expect(ROUTES.map(([pattern]) => pattern)).toEqual(Object.values(SITE_PATHS));
  });

  it('no admin path of the product takes a public page', () => {
    expect(routeCollisions(resources)).toEqual([]);
    const publicFirst = Object.values(SITE_PATHS).map((p) => p.split('/')[1]);
    expect(adminSegments(resources).filter((s) => publicFirst.includes(s))).toEqual([]);
  });

  it('the browser sends unprefixed admin paths of every declared screen to /admin (built from the declarations)', () => {
    expect(ADMIN_SEGMENTS).toEqual(adminSegments(resources));
    expect(adminTwin('/users/12', '?x=1')).toBe('/admin/users/12?x=1');
    expect(adminTwin('/events', '')).toBeNull();
  });

  it('a resource called events would take the public /events: refused, with the reason', () => {
    const events = named('events');
    expect(routeCollisions([...resources, events])).toEqual(['Resource "events": its admin path /events takes the public page /events.']);
    expect(() => createResourceSet([...resources, events])).toThrow(/takes the public page \/events/);
    expect(routeCollisions([...resources, named('login')])).toEqual([
      'Resource "login": its admin path /login takes the admin screen /login.',
    ]);
  });

  it('a throwaway resource is accepted; broken declarations are refused with every reason', () => {
    expect(resourceProblems([...resources, gadgets])).toEqual([]);
    const broken: ResourceDef = {
      ...named('widgets'),
      fields: { ...gadgets.fields, maker: { type: 'ref', ref: 'nobody' }, $score: { type: 'number' } },
      search: ['weight'],
      sortable: ['nope'],
    };
    expect(resourceProblems([...resources, broken])).toEqual([
      'Resource "widgets": field "maker" points at the unknown resource "nobody".',
      'Resource "widgets": field "$score" must be a letter followed by letters, digits or _.',
      'Resource "widgets": "weight" is a number field, which `q` cannot search.',
      'Resource "widgets": sorting names the unknown field "nope".',
    ]);
  });
});

describe('the path that opens a record', () => {
  it('is the list with ?open=id, or the declaration editPath under its own path', () => {
    expect(recordAdminPath(named('widgets'), 'a b')).toBe('/admin/widgets?open=a%20b');
    expect(recordAdminPath({ ...named('widgets'), editPath: '/widgets/:id/edit' }, '7')).toBe('/admin/widgets/7/edit');
    expect(resourceProblems([...resources, { ...named('widgets'), editPath: '/other/:id' }])).toEqual([
      'Resource "widgets": editPath must start with /widgets/ and hold :id, not /other/:id.',
    ]);
    expect(resourceProblems([...resources, { ...named('widgets'), editPath: '/widgets/edit' }])).toHaveLength(1);
  });
});
