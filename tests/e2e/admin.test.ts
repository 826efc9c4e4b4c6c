import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { startServer, type RunningServer, loginAdmin } from './server';
import { closeToasts, expectToast, launchBrowser, waitForTitle } from './browser';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let token = '';

async function api(method: string, path: string, body?: unknown): Promise<unknown> {
  const res = await fetch(server.url + path, {
    method,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

const dialog = () => page.getByRole('dialog');
const row = (text: string) => page.locator('tbody tr').filter({ hasText: text });

async function openList(path: string, title: RegExp): Promise<void> {
  await page.goto(server.url + '/admin' + path);
  await page.getByTestId('list-title').filter({ hasText: title }).waitFor();
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
  page = await context.newPage();
  token = (await loginAdmin(server)).token;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('admin back office in Chromium', () => {
  it('serves the public home without the admin', async () => {
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
    await page.goto(server.url + '/');
    await page.getByRole('link', { name: 'Login' }).waitFor();
    for (const name of ['About', 'Events', 'Contact']) await page.getByRole('link', { name }).waitFor();
    expect(scripts.some((s) => /AdminRoot/.test(s))).toBe(false);
  });

  it('sends an unprefixed protected path to /admin/login with next, replacing history', async () => {
    const before = await page.evaluate(() => window.history.length);
    await page.goto(server.url + '/users?x=1');
    await page.locator('input[name=email]').waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/login');
    expect(new URL(page.url()).searchParams.get('next')).toBe('/admin/users?x=1');
    // The guarded URL was replaced, not stacked: one entry for one visit.
    expect(await page.evaluate(() => window.history.length)).toBe(before + 1);
  });

  it('validates the sign-in form', async () => {
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText('Email is required').waitFor();
    await page.getByText('Password is required').waitFor();
    await page.fill('input[name=email]', 'not-an-email');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText('Entered value does not match email format').waitFor();
  });

  it('signs in and lands on next', async () => {
    await page.fill('input[name=email]', server.adminEmail);
    await page.fill('input[name=password]', server.adminPassword);
    await page.getByRole('button', { name: 'Login' }).click();
    await expectToast(page, 'Login successful.');
    await waitForTitle(page, 'Users (1)');
    expect(new URL(page.url()).pathname).toBe('/admin/users');
    await page.getByText('Search by email', { exact: false }).or(page.getByPlaceholder('Search by email')).first().waitFor();
  });

  it('builds the menu from the categories with General first and Account last', async () => {
    const menu = page.getByTestId('side-menu');
    await menu.getByText('General').waitFor();
    await menu.getByRole('link', { name: 'Users', exact: true }).waitFor();
    const text = (await menu.innerText())
      .split('\n')
      .map((s) => s.trim())
      .filter(Boolean);
    expect(text.indexOf('General')).toBeGreaterThan(-1);
    expect(text.indexOf('Account')).toBeGreaterThan(text.indexOf('General'));
    await menu.getByRole('link', { name: 'Roles', exact: true }).click();
    await waitForTitle(page, 'Roles (3)');
  });

  it('creates a user in the modal, with the browser validation messages', async () => {
    await openList('/users', /^Users \(/);
    await page.getByRole('button', { name: 'Add New User' }).click();
    await dialog().getByText('Post User').waitFor();
    await dialog().getByRole('button', { name: 'Save' }).click();
    await dialog().getByText('Name is required').waitFor();
    await dialog().getByText('Email is required').waitFor();
    await dialog().locator('input[name=name]').fill('Bob Builder');
    await dialog().locator('input[name=email]').fill('bob@');
    await dialog().locator('input[name=password]').fill('123');
    await dialog().locator('input[name=passwordConfirm]').fill('124');
    await dialog().getByRole('button', { name: 'Save' }).click();
    await dialog().getByText('Entered value does not match email format').waitFor();
    await dialog().getByText('Password must have at least 6 characters').waitFor();
    await dialog().getByText('The passwords do not match').waitFor();
    await dialog().locator('input[name=email]').fill('bob@example.com');
    await dialog().locator('input[name=password]').fill('secret12');
    await dialog().locator('input[name=passwordConfirm]').fill('secret12');
    const posts: string[] = [];
    const count = (r: { method(): string; url(): string }) =>
      r.method() === 'POST' && r.url().endsWith('/api/auth/users') && posts.push(r.url());
    page.on('request', count);
    // Double-clicked: one user, one success.
    await dialog().getByRole('button', { name: 'Save' }).dblclick();
    await expectToast(page, 'User created successfully.');
    await dialog().waitFor({ state: 'detached' });
    await waitForTitle(page, 'Users (2)');
    page.off('request', count);
    expect(posts).toHaveLength(1);
    await row('bob@example.com').waitFor();
  });

  it('shows a server conflict on the form (duplicate e-mail)', async () => {
    await closeToasts(page);
    await page.getByRole('button', { name: 'Add New User' }).click();
    await dialog().locator('input[name=name]').fill('Bob Again');
    await dialog().locator('input[name=email]').fill('bob@example.com');
    await dialog().getByRole('button', { name: 'Save' }).click();
    await page.locator('.Toastify__toast--error').first().waitFor();
    expect(await dialog().isVisible()).toBe(true);
    // What was typed is not saved: Cancel asks, and goes when told to.
    const asked = new Promise<string>((resolve) => page.once('dialog', (d) => void d.accept().then(() => resolve(d.message()))));
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    expect(await asked).toBe("Some of your changes weren't saved. Are you sure you want to ignore them?");
    await dialog().waitFor({ state: 'detached' });
  });

  it('keeps a modal with typed data open on Escape unless told to drop it; an untouched one just closes', async () => {
    const asked: string[] = [];
    let drop = false;
    const answer = (d: import('playwright-core').Dialog) => {
      asked.push(d.message());
      void (drop ? d.accept() : d.dismiss());
    };
    page.on('dialog', answer);
    try {
      await closeToasts(page);
      await page.getByRole('button', { name: 'Add New User' }).click();
      await dialog().locator('input[name=name]').fill('Half Typed');
      await page.keyboard.press('Escape');
      await expect.poll(() => asked.length, { timeout: 10000 }).toBe(1);
      expect(await dialog().locator('input[name=name]').inputValue()).toBe('Half Typed');
      drop = true;
      await page.keyboard.press('Escape');
      await dialog().waitFor({ state: 'detached' });
      expect(asked).toHaveLength(2);

      await row('bob@example.com').getByRole('button', { name: 'Edit' }).click();
      await expect.poll(() => dialog().locator('input[name=name]').inputValue(), { timeout: 10000 }).toBe('Bob Builder');
      await dialog().getByRole('button', { name: 'Cancel' }).click();
      await dialog().waitFor({ state: 'detached' });
      expect(asked).toHaveLength(2); // untouched: no question

      // A form of lists and checkboxes (role: permissions, menu permissions) starts clean too.
      await openList('/roles', /^Roles \(/);
      await page.locator('tbody tr').first().getByRole('button', { name: 'Edit' }).click();
      await dialog().getByText('Edit Role').waitFor();
      await dialog().locator('input[name=name]').waitFor();
      // Its reference lists have loaded and rendered ('networkidle' never comes: the bell's stream stays open).
      await dialog().getByRole('progressbar').first().waitFor({ state: 'detached' });
      await dialog().getByRole('button', { name: 'Cancel' }).click();
      await dialog().waitFor({ state: 'detached' });
      expect(asked).toHaveLength(2);
      await openList('/users', /^Users \(/);
    } finally {
      page.off('dialog', answer);
    }
  });

  it('edits the user in a prefilled modal', async () => {
    await row('bob@example.com').getByRole('button', { name: 'Edit' }).click();
    await dialog().getByText('Edit User').waitFor();
    const name = dialog().locator('input[name=name]');
    await expect.poll(() => name.inputValue()).toBe('Bob Builder');
    await name.fill('Bob Renamed');
    await dialog().getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'User updated successfully.');
    await dialog().waitFor({ state: 'detached' });
    await row('Bob Renamed').waitFor();
  });

  it('deletes a user after the confirmation', async () => {
    await api('POST', '/api/auth/users', { name: 'Temp Person', email: 'temp@example.com', confirmed: true, blocked: false });
    await openList('/users', /^Users \(3\)$/);
    await row('temp@example.com').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Are you sure?').waitFor();
    await page.getByText('You want to delete this?').waitFor();
    await page.getByRole('button', { name: 'No' }).click();
    await row('temp@example.com').getByRole('button', { name: 'Delete' }).click();
    const deletes: string[] = [];
    const count = (r: { method(): string; url(): string }) => r.method() === 'DELETE' && deletes.push(r.url());
    page.on('request', count);
    // A double click, as an impatient user gives: the dialog is still fading out under the second one.
    await page.getByRole('button', { name: 'Yes, Delete it!' }).dblclick();
    await expectToast(page, 'User deleted successfully.');
    await waitForTitle(page, 'Users (2)');
    page.off('request', count);
    expect(deletes).toHaveLength(1);
  });

  it('creates a role with API and client permissions', async () => {
    await openList('/roles', /^Roles \(3\)$/);
    await page.getByRole('button', { name: 'Add New Role' }).click();
    await dialog().getByText('Post Role').waitFor();
    await dialog().locator('input[name=name]').fill('Editors');
    await dialog().locator('input[name=description]').fill('Edit content');
    await dialog().getByLabel('Permissions', { exact: true }).click();
    await page.getByRole('option').first().waitFor();
    const firstPermission = (await page.getByRole('option').first().innerText()).trim();
    await page.getByRole('option').first().click();
    // Escape would close the whole dialog: click its title to close the list.
    await dialog().getByText('Post Role').click();
    await dialog().getByLabel('Client Permissions', { exact: true }).click();
    await page.getByRole('option', { name: 'Users', exact: true }).first().click();
    await dialog().getByText('Post Role').click();
    await dialog().getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Role created successfully.');
    await waitForTitle(page, 'Roles (4)');
    await row('Editors').getByRole('button', { name: 'Edit' }).click();
    await dialog().getByText('Edit Role').waitFor();
    await dialog()
      .getByRole('button', { name: firstPermission })
      .or(dialog().getByText(firstPermission, { exact: true }))
      .first()
      .waitFor();
    await dialog().getByRole('button', { name: 'Cancel' }).click();
  });

  it('links a user to a role', async () => {
    await openList('/user-roles', /^User Roles \(1\)$/);
    await page.getByRole('button', { name: 'Add New User Role' }).click();
    await dialog().getByText('Post User Role').waitFor();
    await dialog().getByRole('combobox', { name: 'User' }).click();
    await page.getByRole('option', { name: /Bob Renamed/ }).click();
    await dialog().getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'Editors' }).click();
    await dialog().getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'UserRole created successfully.');
    await waitForTitle(page, 'User Roles (2)');
    await row('bob@example.com').getByText('Editors').waitFor();
  });

  it('searches and paginates, a new search going back to page 1', async () => {
    // A retry of this test finds the seeds its first try made: it adds only those missing.
    const made = (await api('GET', '/api/auth/users?q=seed&limit=100')) as { data: { email: string }[] };
    const have = new Set(made.data.map((u) => u.email));
    for (let i = 1; i <= 28; i++) {
      const n = String(i).padStart(2, '0');
      if (have.has(`seed${n}@example.com`)) continue;
      await api('POST', '/api/auth/users', { name: `Seed ${n}`, email: `seed${n}@example.com`, confirmed: true, blocked: false });
    }
    // No search or page a first try left in the list's remembered state.
    await openList('/users?filter=%7B%7D&page=1', /^Users \(30\)$/);
    await expect.poll(() => page.locator('tbody tr').count()).toBe(25);
    await page.getByText('1-25 of 30').first().waitFor();
    await page.getByRole('button', { name: 'Go to next page' }).first().click();
    await page.getByText('26-30 of 30').first().waitFor();
    await expect.poll(() => page.locator('tbody tr').count()).toBe(5);
    await page.getByPlaceholder('Search by email').fill('seed07');
    await page.getByPlaceholder('Search by email').press('Enter');
    await waitForTitle(page, 'Users (1)');
    await row('seed07@example.com').waitFor();
    expect(new URL(page.url()).searchParams.get('page')).not.toBe('2');
  });

  it('reinitiates permissions after a confirmation', async () => {
    await openList('/permissions', /^Permissions \(/);
    await page.getByRole('button', { name: 'Reinitiate Permissions' }).click();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expectToast(page, /^Permissions Sync Completed\. \d+ new permissions added\.$/);
  });

  it('switches the interface to Greek and back', async () => {
    await openList('/users', /^Users \(/);
    await page.getByRole('button', { name: /English/i }).click();
    await page.getByRole('menuitem', { name: 'Ελληνικά' }).click();
    await page
      .getByTestId('list-title')
      .filter({ hasText: /^Χρήστες \(/ })
      .waitFor();
    await page.getByRole('button', { name: 'Νέος χρήστης' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('el');
    await page.reload();
    await page
      .getByTestId('list-title')
      .filter({ hasText: /^Χρήστες \(/ })
      .waitFor();
    await page.getByRole('button', { name: /Ελληνικά/i }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page
      .getByTestId('list-title')
      .filter({ hasText: /^Users \(/ })
      .waitFor();
  });

  it('fits a phone: lists become a compact list, nothing widens the page, the language button leaves the title alone', async () => {
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
    const p = await phone.newPage();
    try {
      await p.goto(server.url + '/admin/login?next=/admin/permissions');
      await p.fill('input[name=email]', server.adminEmail);
      await p.fill('input[name=password]', server.adminPassword);
      await p.getByRole('button', { name: 'Login' }).click();
      await p
        .getByTestId('list-title')
        .filter({ hasText: /^Permissions \(/ })
        .waitFor();
      await p.getByTestId('compact-list').locator('li').first().waitFor();
      const widths = await p.evaluate(() => ({
        page: document.documentElement.scrollWidth,
        viewport: document.documentElement.clientWidth,
        tables: document.querySelectorAll('table').length,
      }));
      expect(widths.viewport).toBe(390);
      expect(widths.page).toBe(widths.viewport);
      expect(widths.tables).toBe(0); // a SimpleList, not a table
      const language = p.getByRole('button', { name: /English/i });
      const title = await p.locator('#react-admin-title').boundingBox();
      const button = await language.boundingBox();
      expect(title!.x + title!.width).toBeLessThanOrEqual(button!.x);
      await language.click();
      await p.getByRole('menuitem', { name: 'Ελληνικά' }).waitFor();
    } finally {
      await phone.close();
    }
  });

  it('logs out, clearing the stored session, and guards screens again', async () => {
    const uiToken = await page.evaluate(() => (JSON.parse(localStorage.getItem('userInfo') ?? '{}') as { token?: string }).token);
    // Signed in, an admin screen's page has the browser fetch the admin's files with it.
    const adminPreloads = (html: string) => /<link rel="modulepreload"[^>]*href="\/assets\/AdminRoot-/.test(html);
    expect(adminPreloads(await (await page.goto(server.url + '/admin/roles'))!.text())).toBe(true);
    await page.getByTestId('list-title').waitFor();
    await page.getByRole('button', { name: 'Administrator' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.locator('input[name=email]').waitFor();
    // The product's one sign-in screen, never react-admin's, saying why it is there.
    await page.getByTestId('session-notice').filter({ hasText: 'Logged out successfully.' }).waitFor();
    expect(await page.locator('main.login .login-card').count()).toBe(1);
    expect(new URL(page.url()).pathname).toBe('/admin/login');
    expect(await page.evaluate(() => [localStorage.getItem('userInfo'), localStorage.getItem('role')])).toEqual([null, null]);
    // Signed out, a screen's address opens the sign-in page at once: one page load, not the admin and then the sign-in page.
    const documents: string[] = [];
    const onRequest = (r: Request) => void (r.resourceType() === 'document' && documents.push(r.url()));
    page.on('request', onRequest);
    const signedOut = await page.goto(server.url + '/admin/roles?sort=name');
    await page.locator('input[name=email]').waitFor();
    page.off('request', onRequest);
    // Nor are the admin's files fetched for it: they would only slow the sign-in page down.
    expect(adminPreloads(await signedOut!.text())).toBe(false);
    expect(await page.locator('main.login .login-card').count()).toBe(1);
    expect(new URL(page.url()).pathname).toBe('/admin/login');
    expect(new URL(page.url()).searchParams.get('next')).toBe('/admin/roles?sort=name');
    expect(documents).toEqual([server.url + '/admin/roles?sort=name']);
    // Logout ended the session server side too.
    const res = await fetch(server.url + '/api/auth/users', { headers: { Authorization: `Bearer ${uiToken}` } });
    expect(res.status).toBe(401);
  });

  it("shows access denied for a screen outside the user's categories", async () => {
    await api('POST', '/api/auth/users', {
      name: 'Plain User',
      email: 'plain@example.com',
      password: 'plain-pass-1',
      confirmed: true,
      blocked: false,
    });
    await page.goto(server.url + '/admin/login?next=%2Fadmin%2Fpermissions');
    await page.fill('input[name=email]', 'plain@example.com');
    await page.fill('input[name=password]', 'plain-pass-1');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText('Access denied').first().waitFor();
    expect(await page.getByTestId('list-title').count()).toBe(0);
  });
});
