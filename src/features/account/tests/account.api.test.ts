import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ADMIN_EMAIL, startHarness, type Harness } from '../../../../tests/api/harness';
import { call, createUser } from '../../../../tests/api/helpers';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

async function signedInUser(role?: string, name?: string) {
  const u = await createUser(h, { role, name });
  return { ...u, token: await h.login(u.email, u.password) };
}

describe('GET /api/auth/user-categories', () => {
  const ALL = [
    'Experiences',
    'Invites',
    'Translations',
    'Users',
    'User Profiles',
    'Roles',
    'User Roles',
    'Permissions',
    'Client Permissions',
    'Audit log',
    'Webhooks',
    'Profile',
  ];

  test('a superadmin sees every menu entry, in menu order', async () => {
    const res = await call(h, 'GET', '/api/auth/user-categories', { token: h.adminToken });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ total: ALL.length, page: 1, pages: 1 });
    expect(body.data.map((c: { name: string }) => c.name)).toEqual(ALL);
    const orders = body.data.map((c: { menu_order: number }) => c.menu_order);
    expect(orders).toEqual([...orders].sort((a: number, b: number) => a - b));
  });

  test('a plain User sees only its own entry: Profile', async () => {
    const u = await signedInUser('User');
    const res = await call(h, 'GET', '/api/auth/user-categories?page=1&limit=50', { token: u.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: [
        {
          _id: expect.any(String),
          name: 'Profile',
          path: '/account/profile',
          menu: 'account',
          menu_order: 1000,
          description: 'Your own profile',
          auth: true,
        },
      ],
      total: 1,
      page: 1,
      pages: 1,
    });
  });

  test('an Admin sees the entries of the Admin role; a user without a role sees none', async () => {
    const a = await signedInUser('Admin');
    expect(
      (await call(h, 'GET', '/api/auth/user-categories', { token: a.token })).json().data.map((c: { name: string }) => c.name),
    ).toEqual(ALL.filter((n) => n !== 'Audit log' && n !== 'Webhooks')); // superadmins only by default
    const none = await signedInUser();
    expect((await call(h, 'GET', '/api/auth/user-categories', { token: none.token })).json()).toEqual({
      data: [],
      total: 0,
      page: 1,
      pages: 1,
    });
  });

  test('q, page and limit', async () => {
    const q = await call(h, 'GET', '/api/auth/user-categories?q=ROLE', { token: h.adminToken });
    expect(q.json().data.map((c: { name: string }) => c.name)).toEqual(['Roles', 'User Roles']);
    const page = await call(h, 'GET', '/api/auth/user-categories?limit=4&page=3', { token: h.adminToken });
    expect(page.json()).toMatchObject({ total: ALL.length, page: 3, pages: 3 });
    expect(page.json().data.map((c: { name: string }) => c.name)).toEqual(['Client Permissions', 'Audit log', 'Webhooks', 'Profile']);
    expect((await call(h, 'GET', '/api/auth/user-categories?q=%25', { token: h.adminToken })).json().total).toBe(0);
    expect((await call(h, 'GET', '/api/auth/user-categories?q=_', { token: h.adminToken })).json().total).toBe(0);
  });

  test('bad paging is a 400', async () => {
    const res = await call(h, 'GET', '/api/auth/user-categories?page=first', { token: h.adminToken });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Page must be a whole number', fields: { page: 'Page must be a whole number' } });
    expect((await call(h, 'GET', '/api/auth/user-categories?limit=0', { token: h.adminToken })).statusCode).toBe(400);
  });
});

describe('my-profile', () => {
  test('GET returns own profile fields', async () => {
    const u = await signedInUser('User', 'Profile Reader');
    const res = await call(h, 'GET', '/api/auth/my-profile?page=1&limit=25', { token: u.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ _version: 1, name: 'Profile Reader', email: u.email, address: '', phone: '', bio: '', image: null });
    const admin = await call(h, 'GET', '/api/auth/my-profile', { token: h.adminToken });
    expect(admin.json()).toMatchObject({ name: 'Administrator', email: ADMIN_EMAIL });
  });

  test('POST saves the profile and drops fields that are not profile fields', async () => {
    const u = await signedInUser('User');
    const res = await call(h, 'POST', '/api/auth/my-profile', {
      token: u.token,
      body: {
        name: '  Saved Name ',
        phone: '+30 2100000000',
        address: 'Odos 1, Athens',
        bio: 'About me',
        email: 'taken-over@example.com',
        blocked: true,
        confirmed: false,
        role: 'superadmin',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      _version: 2,
      name: 'Saved Name',
      email: u.email,
      address: 'Odos 1, Athens',
      phone: '+30 2100000000',
      bio: 'About me',
      image: null,
    });
    expect((await call(h, 'GET', '/api/auth/my-profile', { token: u.token })).json()).toEqual(res.json());
    const rec = (await call(h, 'GET', `/api/auth/users/${u._id}`, { token: h.adminToken })).json();
    expect(rec).toMatchObject({ email: u.email, blocked: false, confirmed: true, name: 'Saved Name' });
    // Emptying optional fields.
    const cleared = await call(h, 'POST', '/api/auth/my-profile', { token: u.token, body: { name: 'Saved Name', phone: '', bio: null } });
    expect(cleared.json()).toMatchObject({ phone: '', bio: '', address: 'Odos 1, Athens' });
  });

  test('name is required', async () => {
    const u = await signedInUser('User');
    const res = await call(h, 'POST', '/api/auth/my-profile', { token: u.token, body: { phone: '1' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Name is required', fields: { name: 'Name is required' } });
    const blank = await call(h, 'POST', '/api/auth/my-profile', { token: u.token, body: { name: '   ' } });
    expect(blank.statusCode).toBe(400);
    expect(Object.keys(blank.json().fields)).toEqual(['name']);
    expect((await call(h, 'GET', '/api/auth/my-profile', { token: u.token })).json().name).toBe('Test User');
  });

  test('the image must be a path this server stored', async () => {
    const u = await signedInUser('User');
    for (const image of ['https://evil.example/x.png', 'javascript:alert(1)', '/uploads/../secret', '//evil.example/x.png']) {
      const res = await call(h, 'POST', '/api/auth/my-profile', { token: u.token, body: { name: 'Img', image } });
      expect(res.statusCode, image).toBe(400);
      expect(res.json().fields).toHaveProperty('image');
    }
  });

  test('a short password is a 400 and changes nothing', async () => {
    const u = await signedInUser('User');
    const res = await call(h, 'POST', '/api/auth/my-profile', { token: u.token, body: { name: 'Short Pw', password: '123' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'Password must have at least 6 characters',
      fields: { password: 'Password must have at least 6 characters' },
    });
    expect((await call(h, 'GET', '/api/auth/my-profile', { token: u.token })).json().name).toBe('Test User');
    expect((await call(h, 'POST', '/api/auth/login', { body: { email: u.email, password: u.password } })).statusCode).toBe(200);
  });

  test('a password change keeps the current session and ends the others', async () => {
    const u = await signedInUser('User');
    const other = await h.login(u.email, u.password);
    const res = await call(h, 'POST', '/api/auth/my-profile', { token: u.token, body: { name: 'Pw Changer', password: 'changed-pass-9' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().name).toBe('Pw Changer');
    expect((await call(h, 'GET', '/api/auth/my-profile', { token: u.token })).statusCode).toBe(200);
    const ended = await call(h, 'GET', '/api/auth/my-profile', { token: other });
    expect(ended.statusCode).toBe(401);
    expect(ended.json()).toEqual({ error: 'Your session has ended. Please sign in again.' });
    expect((await call(h, 'POST', '/api/auth/login', { body: { email: u.email, password: u.password } })).statusCode).toBe(401);
    expect((await call(h, 'POST', '/api/auth/login', { body: { email: u.email, password: 'changed-pass-9' } })).statusCode).toBe(200);
  });

  test('saving without a password keeps every session', async () => {
    const u = await signedInUser('User');
    const other = await h.login(u.email, u.password);
    expect((await call(h, 'POST', '/api/auth/my-profile', { token: u.token, body: { name: 'No Pw', password: '' } })).statusCode).toBe(200);
    expect((await call(h, 'GET', '/api/auth/my-profile', { token: other })).statusCode).toBe(200);
    expect((await call(h, 'POST', '/api/auth/login', { body: { email: u.email, password: u.password } })).statusCode).toBe(200);
  });
});
