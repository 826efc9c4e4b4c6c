// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { fieldKinds } from '../../src/core/field-kinds';
import { serverKinds } from '../../src/core/field-kinds/server';
import { csvFields, csvRow } from '../../src/core/shared/csv';
import { users } from '../../src/features/users/resource';
import { roles } from '../../src/features/roles/resource';
import { experiences } from '../../src/features/experiences/resource';

describe('field kinds', () => {
  it('each kind has its server part (the admin registry is typed the same way)', () => {
    expect(Object.keys(serverKinds).sort()).toEqual(Object.keys(fieldKinds).sort());
  });

  it('write a record as CSV, each value as its kind shows it', () => {
    expect(csvFields(users)).toEqual(['createdAt', 'name', 'email', 'confirmed', 'blocked', 'image', 'phone', 'address', 'bio']);
    const user = {
      createdAt: '2026-01-02T03:04:05.000Z',
      name: 'Ann, "the admin"',
      email: 'ann@example.com',
      confirmed: true,
      blocked: false,
      image: null,
      phone: '',
      address: 'Line 1\nLine 2',
      bio: null,
      password: 'never exported',
    };
    expect(csvRow(users, user)).toBe('2026-01-02T03:04:05.000Z,"Ann, ""the admin""",ann@example.com,true,false,,,"Line 1\nLine 2",');
    const role = {
      createdAt: null,
      name: 'Admin',
      type: 'admin',
      description: 'd',
      permission: [{ _id: 'p1', name: 'GET users' }, { _id: 'p2' }],
      clientPermission: [],
      requireTwoFactor: true,
    };
    expect(csvRow(roles, role)).toBe(',Admin,admin,d,GET users; p2,,true');
    const item = {
      createdAt: null,
      title: 'T',
      slug: 't',
      description: '<p>Hello <b>world</b></p>',
      tags: ['a', 'b'],
      under_review: false,
      images: [{ url: '/uploads/1.webp' }, { url: '/uploads/2.webp' }],
      createdBy: { _id: 'u1', name: 'Anna Georgiou' },
      updatedBy: null,
    };
    expect(csvRow(experiences, item)).toBe(',T,t,Hello world,"a, b",false,/uploads/1.webp /uploads/2.webp,Anna Georgiou,');
  });

  it('say which kinds filter lists and how (the list query schema is built from them)', () => {
    const filters = Object.entries(fieldKinds)
      .filter(([, k]) => k.filter)
      .map(([name]) => name);
    expect(filters.sort()).toEqual(['boolean', 'date', 'enum', 'ref']);
    expect(fieldKinds.enum.filter?.params({ type: 'enum', options: ['a', 'b'] })).toEqual({ '': { type: 'string', enum: ['a', 'b'] } });
  });
});
