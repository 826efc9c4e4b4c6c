import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startServer, loginAdmin, type RunningServer, type AdminLogin } from './server';
import { launchBrowser, waitForTitle } from './browser';
import { apiCall, apiLogin, visit, type Login } from './visit';

/** Issue 17's defects 3-9 as a user meets them in Chromium. */
let server: RunningServer;
let browser: Browser;
let admin: AdminLogin;

type Row = { _id: string; method?: string; route?: string; path?: string };

async function all(path: string): Promise<Row[]> {
  const res = await apiCall(server.url, admin.token, 'GET', `${path}?limit=100000`);
  return (res.body as { data: Row[] }).data;
}

/** A user holding one role made through the API: the given API calls and menu entries only. */
async function userWithRole(name: string, calls: [string, string][], menuPaths: string[]): Promise<Login> {
  const perms = await all('/api/auth/permissions');
  const menu = await all('/api/auth/client-permissions');
  const permission = calls.map(([m, r]) => perms.find((p) => p.method === m && p.route === r)!._id);
  const clientPermission = menuPaths.map((p) => menu.find((c) => c.path === p)!._id);
  const role = await apiCall(server.url, admin.token, 'POST', '/api/auth/roles', {
    name,
    type: 'user',
    description: `${name} only`,
    permission,
    clientPermission,
  });
  expect(role.status).toBe(201);
  const email = `${name.toLowerCase().replace(/\W+/g, '-')}@example.com`;
  const user = await apiCall(server.url, admin.token, 'POST', '/api/auth/users', { name, email, password: 'secret-pass-1' });
  expect(user.status).toBe(201);
  const link = await apiCall(server.url, admin.token, 'POST', '/api/auth/user-roles', {
    user: (user.body as Row)._id,
    role: (role.body as Row)._id,
  });
  expect(link.status).toBe(201);
  return apiLogin(server.url, email, 'secret-pass-1');
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

describe('defect 3: only the actions the user may perform', () => {
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
    expect(await full.getByRole('button', { name: 'Edit' }).count()).toBeGreaterThan(0);
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
