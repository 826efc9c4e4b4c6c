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
/** Of a role whose access rule hides `blocked`: the view's filter on it is left out for her. */
let limited: Login;
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
  limited = await userOfRole(role.body as Row, 'Lena Limited', 'lena@example.com');
});

/** A user of a new role like `like`, whose access rule on users hides `blocked`. */
async function userOfRole(like: Row, name: string, email: string): Promise<Login> {
  const perms = await all('/api/auth/permissions');
  const menu = await all('/api/auth/client-permissions');
  const role = await apiCall(server.url, admin.token, 'POST', '/api/auth/roles', {
    name: 'Limited reviewers',
    type: 'user',
    description: `Like ${String(like._id)}, without the blocked field`,
    permission: [perms.find((p) => p.method === 'GET' && p.route === '/api/auth/users')!._id],
    clientPermission: [menu.find((c) => c.path === '/users')!._id],
  });
  expect(role.status).toBe(201);
  const roleId = (role.body as Row)._id;
  const rules = { users: { read: ['createdAt', 'name', 'email', 'confirmed'] } };
  expect((await apiCall(server.url, admin.token, 'PUT', `/api/auth/roles/${roleId}/access`, { resources: rules })).status).toBe(200);
  const user = await apiCall(server.url, admin.token, 'POST', '/api/auth/users', { name, email, password: 'secret-pass-1' });
  expect(user.status).toBe(201);
  const link = await apiCall(server.url, admin.token, 'POST', '/api/auth/user-roles', { user: (user.body as Row)._id, role: roleId });
  expect(link.status).toBe(201);
  return apiLogin(server.url, email, 'secret-pass-1');
}

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
    await dialog.getByRole('checkbox', { name: 'Reviewers', exact: true }).check();
    await dialog.getByRole('checkbox', { name: 'Limited reviewers' }).check();
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
    await waitForTitle(page, 'Users (7)');
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
    await waitForTitle(page, 'Χρήστες (7)');
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
    // Without the share permission, a view of her own is hers alone: no sharing is offered.
    await button.click();
    await menu.getByRole('menuitem', { name: 'Αποθήκευση προβολής…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Αποθήκευση της λίστας ως προβολής' });
    await dialog.getByLabel('Όνομα').fill('Οι αποκλεισμένοι μου');
    expect(await dialog.getByRole('radio').count()).toBe(0);
    expect(await overflowsSideways(page)).toBe(false);
    await expectAccessible(page, '[role=dialog]');
    await shot(page, 'views-save-dialog-el-phone');
    await dialog.getByRole('button', { name: 'Αποθήκευση' }).click();
    await expectToast(page, 'Η προβολή «Οι αποκλεισμένοι μου» αποθηκεύτηκε');
    await context.close();
  });

  it('a viewer whose rules hide a field the view filters on gets the view without that filter, and is told', async () => {
    const { context, page } = await visit(browser, { login: limited });
    await page.goto(server.url + '/admin/users');
    await waitForTitle(page, 'Users (7)');
    await page.getByRole('button', { name: 'Views' }).click();
    await page.getByRole('menuitem', { name: new RegExp(`^${VIEW}`) }).click();
    await page.getByRole('menu').waitFor({ state: 'detached' });
    await expectToast(page, "This view's filter on Blocked was left out: you may not read it.");
    // The toast slides in: the picture waits for it.
    await page.waitForTimeout(500);
    await shot(page, 'views-dropped-en');
    // All of her list: the filter she may not read was not applied.
    await waitForTitle(page, 'Users (7)');
    await context.close();
  });

  it('the owner edits the view to private and deletes it after confirming; the others no longer see it', async () => {
    const { context, page } = await visit(browser, { login: admin, dark: true });
    await page.goto(server.url + '/admin/users');
    await waitForTitle(page, 'Users (7)');
    await page.getByRole('button', { name: 'Views' }).click();
    await page.getByRole('menuitem', { name: new RegExp(`^${VIEW}`) }).click();
    await waitForTitle(page, 'Users (2)');
    await page.getByRole('button', { name: 'Views' }).click();
    await page.getByRole('menuitem', { name: `Edit “${VIEW}”…` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit view' });
    await edit.getByRole('radio', { name: 'Only me' }).check();
    await expectAccessible(page, '[role=dialog]');
    await shot(page, 'views-edit-dialog-en-dark');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, `View “${VIEW}” updated`);
    await page.getByRole('button', { name: 'Views' }).click();
    await page.getByRole('menuitem', { name: `Delete “${VIEW}”…` }).click();
    const confirm = page.getByRole('dialog', { name: `Delete the view “${VIEW}”?` });
    await expectAccessible(page, '[role=dialog]');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Views' }).click();
    await page.getByRole('menuitem', { name: `Delete “${VIEW}”…` }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, `View “${VIEW}” deleted`);
    await page.getByRole('button', { name: 'Views' }).click();
    await page.getByRole('menuitem', { name: 'No saved views yet' }).waitFor();
    await context.close();
    const seen = await apiCall(server.url, reviewer.token, 'GET', '/api/auth/saved-views?resource=users');
    // Her own private view stays; the admin's is gone.
    expect((seen.body as { data: { name: string }[] }).data.map((v) => v.name)).toEqual(['Οι αποκλεισμένοι μου']);
  });
});
