import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startServer, loginAdmin, type RunningServer, type AdminLogin } from '../../../../tests/e2e/server';
import { expectToast, launchBrowser, waitForTitle } from '../../../../tests/e2e/browser';
import { expectAccessible, overflowsSideways } from '../../../../tests/e2e/axe';
import { apiCall, apiLogin, shot, visit, type Login } from '../../../../tests/e2e/visit';

// An admin saves a filtered users list as a view shared with a role; a person of that role finds it
// in the list's Views menu and in the side menu, in English and in Greek, and gets the same rows.

let server: RunningServer;
let browser: Browser;
let admin: AdminLogin;
let reviewer: Login;
const VIEW = 'Blocked people';

type Row = { _id: string; method?: string; route?: string; path?: string };
const all = async (path: string): Promise<Row[]> =>
  ((await apiCall(server.url, admin.token, 'GET', `${path}?limit=100000`)).body as { data: Row[] }).data;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  admin = await loginAdmin(server);
  for (const [i, [name, blocked]] of [
    ['Bram Blocked', true],
    ['Βασίλης Αποκλεισμένος', true],
    ['Olga Open', false],
    ['Otto Open', false],
  ].entries()) {
    const email = `person-${i}@example.com`;
    const made = await apiCall(server.url, admin.token, 'POST', '/api/auth/users', { name, email, password: 'secret-pass-1', blocked });
    expect(made.status).toBe(201);
  }
  const perms = await all('/api/auth/permissions');
  const menu = await all('/api/auth/client-permissions');
  const role = await apiCall(server.url, admin.token, 'POST', '/api/auth/roles', {
    name: 'Reviewers',
    type: 'user',
    description: 'Read the users list',
    permission: [['GET', '/api/auth/users']].map(([m, r]) => perms.find((p) => p.method === m && p.route === r)!._id),
    clientPermission: [menu.find((c) => c.path === '/users')!._id],
  });
  expect(role.status).toBe(201);
  const user = await apiCall(server.url, admin.token, 'POST', '/api/auth/users', {
    name: 'Rita Reviewer',
    email: 'rita@example.com',
    password: 'secret-pass-1',
  });
  const link = await apiCall(server.url, admin.token, 'POST', '/api/auth/user-roles', {
    user: (user.body as Row)._id,
    role: (role.body as Row)._id,
  });
  expect(link.status).toBe(201);
  reviewer = await apiLogin(server.url, 'rita@example.com', 'secret-pass-1');
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const blockedList = `/admin/users?${new URLSearchParams({ filter: JSON.stringify({ blocked: true }) })}`;

describe('saved views shared with a role', () => {
  it('an admin saves the blocked users as a view for the Reviewers, pinned', async () => {
    const { context, page } = await visit(browser, { login: admin });
    await page.goto(server.url + blockedList);
    await waitForTitle(page, 'Users (2)');
    await page.getByRole('button', { name: 'Views' }).click();
    const menu = page.getByRole('menu', { name: 'Saved views of this list' });
    await menu.getByRole('menuitem', { name: 'No saved views yet' }).waitFor();
    await expectAccessible(page, '[role=menu]');
    await shot(page, 'views-menu-en-empty');
    await menu.getByRole('menuitem', { name: 'Save view…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save this list as a view' });
    await dialog.getByLabel('Name').fill(VIEW);
    await dialog.getByRole('radio', { name: 'People with chosen roles' }).check();
    await dialog.getByRole('checkbox', { name: 'Reviewers' }).check();
    await dialog.getByRole('checkbox', { name: 'Pin to the side menu' }).check();
    await expectAccessible(page, '[role=dialog]');
    await shot(page, 'views-save-dialog-en');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, `View “${VIEW}” saved`);
    await dialog.waitFor({ state: 'detached' });
    // The same name again is refused, saying why.
    await page.getByRole('button', { name: 'Views' }).click();
    await page.getByRole('menuitem', { name: new RegExp(`^${VIEW}`) }).waitFor();
    await page.getByRole('menuitem', { name: 'Save view…' }).click();
    await dialog.getByLabel('Name').fill(VIEW);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText(`You already have a view named “${VIEW}” for this list: choose another name.`).first().waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await context.close();
  });

  it('a reviewer opens it from the side menu, in English, and sees the blocked users only', async () => {
    const { context, page } = await visit(browser, { login: reviewer });
    await page.goto(server.url + '/admin/users');
    await waitForTitle(page, 'Users (6)');
    const pinned = page.getByTestId('pinned-views').getByRole('link', { name: VIEW });
    await pinned.click();
    await waitForTitle(page, 'Users (2)');
    await expect.poll(() => new URL(page.url()).searchParams.get('view')).toBeNull();
    await expect.poll(() => page.locator('tbody tr').count()).toBe(2);
    await expect.poll(() => page.locator('tbody').textContent()).toContain('Bram Blocked');
    // Marked as someone else's: no update, edit or delete for it.
    await page.getByRole('button', { name: 'Views' }).click();
    const item = page.getByRole('menuitem', { name: new RegExp(`^${VIEW}`) });
    await expect.poll(() => item.textContent()).toContain('Shared by Administrator');
    expect(await page.getByRole('menuitem', { name: /^Delete/ }).count()).toBe(0);
    await expectAccessible(page, '[role=menu]');
    await shot(page, 'views-menu-en-reviewer');
    await page.keyboard.press('Escape');
    await context.close();
  });

  it('in Greek, on a phone, dark: the Views menu applies it with the keyboard, fits 390 px and passes axe', async () => {
    const { context, page } = await visit(browser, { login: reviewer, lang: 'el', width: 390, dark: true });
    await page.goto(server.url + '/admin/users');
    await waitForTitle(page, 'Χρήστες (6)');
    const button = page.getByRole('button', { name: 'Προβολές' });
    await button.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu', { name: 'Αποθηκευμένες προβολές της λίστας' });
    const item = menu.getByRole('menuitem', { name: new RegExp(`^${VIEW}`) });
    await expect.poll(() => item.textContent()).toContain('Κοινή από: Administrator');
    expect(await overflowsSideways(page)).toBe(false);
    await expectAccessible(page, '[role=menu]');
    await shot(page, 'views-menu-el-phone');
    await item.focus();
    await page.keyboard.press('Enter');
    await waitForTitle(page, 'Χρήστες (2)');
    await expectToast(page, `Εφαρμόστηκε η προβολή «${VIEW}»`);
    expect(await overflowsSideways(page)).toBe(false);
    await expectAccessible(page, 'main');
    await shot(page, 'views-applied-el-phone');
    await context.close();
  });
});
