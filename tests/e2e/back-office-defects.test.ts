import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startServer, loginAdmin, type RunningServer, type AdminLogin } from './server';
import { expectToast, launchBrowser, waitForTitle } from './browser';
import { apiCall, apiLogin, visit, type Login } from './visit';

/** Back-office defects found by use, as a user meets them in Chromium. */
let server: RunningServer;
let browser: Browser;
let admin: AdminLogin;

type Row = { _id: string; method?: string; route?: string; path?: string };

async function all(path: string): Promise<Row[]> {
  const res = await apiCall(server.url, admin.token, 'GET', `${path}?limit=100000`);
  return (res.body as { data: Row[] }).data;
}

/** How many times each person was made: a retried test makes theirs anew under a name of its own (unique). */
const made = new Map<string, number>();

/** A user holding one role made through the API: the given API calls and menu entries only. */
async function userWithRole(
  name: string,
  calls: [string, string][],
  menuPaths: string[],
): Promise<Login & { email: string; password: string }> {
  const n = (made.get(name) ?? 0) + 1;
  made.set(name, n);
  const tag = n === 1 ? '' : ` ${n}`;
  const perms = await all('/api/auth/permissions');
  const menu = await all('/api/auth/client-permissions');
  const permission = calls.map(([m, r]) => perms.find((p) => p.method === m && p.route === r)!._id);
  const clientPermission = menuPaths.map((p) => menu.find((c) => c.path === p)!._id);
  const role = await apiCall(server.url, admin.token, 'POST', '/api/auth/roles', {
    name: `${name}${tag}`,
    type: 'user',
    description: `${name} only`,
    permission,
    clientPermission,
  });
  expect(role.status).toBe(201);
  const email = `${`${name}${tag}`.toLowerCase().replace(/\W+/g, '-')}@example.com`;
  const user = await apiCall(server.url, admin.token, 'POST', '/api/auth/users', { name, email, password: 'secret-pass-1' });
  expect(user.status).toBe(201);
  const link = await apiCall(server.url, admin.token, 'POST', '/api/auth/user-roles', {
    user: (user.body as Row)._id,
    role: (role.body as Row)._id,
  });
  expect(link.status).toBe(201);
  return { ...(await apiLogin(server.url, email, 'secret-pass-1')), email, password: 'secret-pass-1' };
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  admin = await loginAdmin(server);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function open(login: Login | null, path: string, opts: { lang?: 'en' | 'el'; width?: number } = {}): Promise<Page> {
  const { page } = await visit(browser, { ...opts, login });
  await page.goto(server.url + path);
  return page;
}

describe('only the actions the user may perform', () => {
  it('a reader of users and experiences sees the lists and Export, never Add, Edit, Delete or row selection', async () => {
    const reader = await userWithRole(
      'Reader',
      [
        ['GET', '/api/auth/users'],
        ['GET', '/api/auth/users/:id'],
        ['GET', '/api/auth/experiences'],
      ],
      ['/users', '/experiences'],
    );
    const page = await open(reader, '/admin/users');
    await waitForTitle(page, 'Users (2)');
    await page.locator('tbody tr').first().waitFor();
    await page.getByTestId('export-csv').waitFor();
    expect(await page.getByRole('button', { name: /Add New/ }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Edit' }).count()).toBe(0);
    expect(await page.locator('tbody input[type=checkbox]').count()).toBe(0);
    // A row click opens nothing either.
    await page.locator('tbody tr').first().click();
    expect(await page.getByRole('dialog').count()).toBe(0);

    await page.goto(server.url + '/admin/experiences');
    await waitForTitle(page, 'Experiences (0)');
    expect(await page.getByRole('button', { name: /Add New/ }).count()).toBe(0);
    await page.context().close();

    // The superadmin still gets every button.
    const full = await open(admin, '/admin/users');
    await waitForTitle(full, 'Users (2)');
    await full.getByRole('button', { name: /Add New/ }).waitFor();
    // The rows are drawn just after the title (DeferredRows).
    await full.getByRole('button', { name: 'Edit' }).first().waitFor();
    await full.context().close();
  });

  it('a user who may also create and delete users gets Add and Delete, but no Edit', async () => {
    const clerk = await userWithRole(
      'Clerk',
      [
        ['GET', '/api/auth/users'],
        ['POST', '/api/auth/users'],
        ['DELETE', '/api/auth/users/:id'],
      ],
      ['/users'],
    );
    const page = await open(clerk, '/admin/users', { lang: 'el' });
    await page.locator('tbody tr').first().waitFor();
    await page.getByRole('button', { name: /Νέος χρήστης|Προσθήκη/ }).waitFor();
    expect(await page.getByRole('button', { name: 'Διαγραφή' }).count()).toBeGreaterThan(0);
    expect(await page.getByRole('button', { name: 'Επεξεργασία' }).count()).toBe(0);
    await page.context().close();
  });
});

describe('one sign-in design', () => {
  it("after logout and after a session ends, the product's sign-in screen appears, never react-admin's", async () => {
    // Its own user: logging out ends the session server side.
    const leaver = await userWithRole('Leaver', [['GET', '/api/auth/users']], ['/users']);
    const page = await open(leaver, '/admin/users');
    await page.locator('tbody tr').first().waitFor();
    await page.getByRole('button', { name: 'Leaver' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.getByTestId('session-notice').filter({ hasText: 'Logged out successfully.' }).waitFor();
    expect(await page.locator('main.login .login-card').count()).toBe(1);
    expect(await page.locator('.RaLogin-root, .MuiCard-root').count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/admin/login');

    // A session that ends while a screen is open: the server answers 401.
    const again = await apiLogin(server.url, leaver.email, leaver.password);
    await page.evaluate((info) => localStorage.setItem('userInfo', JSON.stringify(info)), { token: again.token, user: again.user });
    await page.goto(server.url + '/admin/users');
    await page.locator('tbody tr').first().waitFor();
    // Ended elsewhere (no JSON body: an empty one with a JSON type is a 400).
    const ended = await fetch(server.url + '/api/auth/logout', { method: 'POST', headers: { Authorization: `Bearer ${again.token}` } });
    expect(ended.status).toBe(200);
    await page.reload();
    await page.locator('main.login .login-card').waitFor();
    await page.locator('input[name=email]').waitFor();
    expect(await page.locator('.MuiCard-root').count()).toBe(0);
    expect(new URL(page.url()).searchParams.get('next')).toBe('/admin/users');
    await page.context().close();
  });
});

describe('a failed list load', () => {
  it('shows the error and Retry, not (0) and "No … found"; Retry loads the list', async () => {
    const page = await open(admin, '/admin/users');
    await page.route(/\/api\/auth\/users\?/, (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'An unexpected error occurred.' }) }),
    );
    await page.reload();
    const alert = page.getByTestId('list-error');
    await alert.filter({ hasText: 'An unexpected error occurred.' }).waitFor();
    await waitForTitle(page, 'Users');
    expect(await page.getByText(/No Users found|No results/).count()).toBe(0);
    expect(await page.locator('tbody tr').count()).toBe(0);
    await page.unroute(/\/api\/auth\/users\?/);
    await alert.getByRole('button', { name: 'Retry' }).click();
    await waitForTitle(page, 'Users (4)');
    expect(await page.getByTestId('list-error').count()).toBe(0);
    await page.context().close();

    // Greek, and a screen with its own list (Invites).
    const el = await open(admin, '/admin/invites', { lang: 'el' });
    await el.route(/\/api\/auth\/invites\?/, (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"Σφάλμα"}' }),
    );
    await el.reload();
    await el.getByTestId('list-error').getByRole('button', { name: 'Δοκιμή ξανά' }).waitFor();
    await waitForTitle(el, 'Προσκλήσεις');
    await el.context().close();
  });

  it('the audit log and the permission matrix, which load their own data, offer Retry too', async () => {
    for (const [path, api, loaded] of [
      ['/admin/audit-log', /\/api\/auth\/audit-logs\?/, '[data-testid=audit-entry]'],
      ['/admin/roles/matrix', /\/api\/auth\/roles\?/, 'table input[type=checkbox]'],
    ] as const) {
      const page = await open(admin, path);
      await page.route(api, (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"Not now."}' }));
      await page.reload();
      const alert = page.getByRole('alert').filter({ hasText: 'Not now.' });
      await alert.waitFor();
      expect(await page.locator(loaded).count(), path).toBe(0);
      await page.unroute(api);
      await alert.getByRole('button', { name: 'Retry' }).click();
      await page.locator(loaded).first().waitFor();
      expect(await alert.count(), path).toBe(0);
      await page.context().close();
    }
  });
});

describe('toasts', () => {
  it("says 'Password Updated Successfully' after a password change, shows at most three toasts, never over the form's buttons", async () => {
    const person = await userWithRole('Toaster', [], ['/account/profile']);
    const page = await open(person, '/admin/account/profile');
    await page.locator('input[name=password]').fill('new-secret-1');
    await page.locator('input[name=confirmPassword]').fill('new-secret-1');
    const save = page.getByRole('button', { name: 'Update Profile' });
    await save.click();
    await expectToast(page, 'Password Updated Successfully');
    await expectToast(page, 'Profile Updated successfully.');
    // Five more saves in a row: the toasts queue, three at a time.
    for (let i = 0; i < 5; i++) {
      await save.click();
      await page.waitForTimeout(150);
    }
    let most = 0;
    for (let i = 0; i < 20; i++) {
      most = Math.max(most, await page.locator('.Toastify__toast').count());
      await page.waitForTimeout(100);
    }
    expect(most).toBeGreaterThan(1);
    expect(most).toBeLessThanOrEqual(3);
    const button = (await save.boundingBox())!;
    for (const t of await page.locator('.Toastify__toast').all()) {
      // A toast that closed between being listed and being measured covers nothing.
      const b = await t.boundingBox();
      if (!b) continue;
      const overlaps =
        b.x < button.x + button.width && button.x < b.x + b.width && b.y < button.y + button.height && button.y < b.y + b.height;
      expect(overlaps).toBe(false);
    }
    // The new password is the one that signs in.
    await apiLogin(server.url, person.email, 'new-secret-1');
    await page.context().close();
  });
});

describe('one date-time format per language', () => {
  const EN = /^\d{1,2} [A-Z][a-z]{2,3} \d{4}, \d\d:\d\d$/;
  const EL = /^\d{1,2} \S+ \d{4}, \d{1,2}:\d\d\s(π|μ)\.μ\.$/;

  async function datesOn(page: Page, selector: string): Promise<string[]> {
    await page.locator(selector).first().waitFor();
    return (await page.locator(selector).allInnerTexts()).map((t) => t.trim()).filter(Boolean);
  }

  it('lists, the invites screen and the bell show the same format', async () => {
    await apiCall(server.url, admin.token, 'POST', '/api/auth/invites', {});
    for (const [lang, pattern] of [
      ['en', EN],
      ['el', EL],
    ] as const) {
      const page = await open(admin, '/admin/users', { lang });
      // The users list's first column is the joined date.
      const joined = await datesOn(page, 'tbody tr td.column-createdAt');
      expect(joined.length).toBeGreaterThan(0);
      for (const t of joined) expect(t).toMatch(pattern);
      await page.goto(server.url + '/admin/invites');
      const created = (await page.getByTestId('invite-row').first().locator('td').first().innerText()).trim();
      expect(created).toMatch(pattern);
      await page.context().close();
    }
  });
});
