import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startServer, type RunningServer } from './server';
import { expectToast, launchBrowser } from './browser';
import { expectAccessible, overflowsSideways } from './axe';
import { openUserEdit } from './user-edit';
import { apiCall, apiLogin, shot, visit, type Login } from './visit';

// Two admins, one user: A opens her in the edit dialog, B renames her meanwhile
// (through the API, as another browser would), A blocks her and saves. The
// save is refused (412) and the conflict dialog shows what each changed.

let server: RunningServer;
let browser: Browser;
let admin: Login;

type User = { _id: string; name: string; blocked: boolean; bio?: string; _version: number };
const send = async (method: string, path: string, body?: unknown) => {
  const res = await apiCall(server.url, admin.token, method, path, body);
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body as User;
};
const userNow = (id: string) => send('GET', `/api/auth/users/${id}`);
/** A new person (a fresh address each time, so a retried test starts clean). */
const person = (name: string) =>
  send('POST', '/api/auth/users', {
    name,
    email: `${name.toLowerCase().replace(/\W+/g, '.')}.${Date.now()}@example.gr`,
    password: 'secret-pass-1',
  });

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  admin = await apiLogin(server.url, server.adminEmail, server.adminPassword);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const openEdit = (page: Page, name: string, editLabel: string) => openUserEdit(page, server.url, name, editLabel);

describe('the conflict dialog', () => {
  it('keeps my change and takes theirs for the rest (English)', async () => {
    const eleni = await person('Eleni Kostas');
    const { context, page } = await visit(browser, { login: admin });
    const dialog = await openEdit(page, 'Eleni Kostas', 'Edit');
    // B, elsewhere: a rename and a new bio.
    await send('PUT', `/api/auth/users/${eleni._id}`, { name: 'Eleni Kosta', bio: 'Athens office' });
    await dialog.getByLabel('Blocked').check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    const conflict = page.getByRole('dialog', { name: 'Changed by someone else' });
    await conflict.waitFor();
    await conflict
      .getByTestId('conflict-changed-by')
      .getByText(/Last change by admin@/)
      .waitFor();
    const nameRow = conflict.getByTestId('conflict-row-name');
    await nameRow.getByText('Changed by them').waitFor();
    expect(await nameRow.locator('td').allInnerTexts()).toEqual(['Eleni Kostas', 'Eleni Kosta']);
    await conflict
      .getByTestId('conflict-changed-by')
      .getByText(/^Last change by admin@example\.com, .*\d$/)
      .waitFor();
    await conflict.getByTestId('conflict-row-blocked').getByText('Changed by you').waitFor();
    await expectAccessible(page, '[data-testid=conflict-dialog]');
    await shot(page, 'conflict-dialog-en-desktop');
    // The keyboard lands on the safe choice.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Keep my changes, take theirs for the rest');
    await page.keyboard.press('Enter');
    await expectToast(page, 'User updated successfully.');
    await conflict.waitFor({ state: 'detached' });
    expect(await userNow(eleni._id)).toMatchObject({ name: 'Eleni Kosta', bio: 'Athens office', blocked: true, _version: 3 });
    await context.close();
  });

  it('reloads the record as it is, or overwrites with all my values (Greek, phone)', async () => {
    const nikos = await person('Nikos Georgiou');
    const { context, page } = await visit(browser, { login: admin, lang: 'el', width: 390, dark: true });
    let dialog = await openEdit(page, 'Nikos Georgiou', 'Επεξεργασία');
    await send('PUT', `/api/auth/users/${nikos._id}`, { name: 'Nikos G.' });
    await dialog.locator('input[name=name]').fill('Nikolaos Georgiou');
    await dialog.getByRole('button', { name: 'Αποθήκευση' }).click();
    const conflict = page.getByRole('dialog', { name: 'Άλλαξε από κάποιον άλλο' });
    const nameRow = conflict.getByTestId('conflict-row-name');
    await nameRow.getByText('Το αλλάξατε και οι δύο').waitFor();
    await nameRow.getByText('Η τιμή σας: Nikolaos Georgiou').waitFor();
    await nameRow.getByText('Τρέχουσα τιμή: Nikos G.').waitFor();
    expect(await overflowsSideways(page)).toBe(false);
    await expectAccessible(page, '[data-testid=conflict-dialog]');
    await shot(page, 'conflict-dialog-el-phone');
    await conflict.getByRole('button', { name: 'Απόρριψη των δικών μου και επαναφόρτωση' }).click();
    await expectToast(page, 'Επαναφορτώθηκε: βλέπετε την εγγραφή όπως είναι τώρα.');
    dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.locator('input[name=name]').inputValue()).toBe('Nikos G.');
    expect((await userNow(nikos._id)).name).toBe('Nikos G.');
    // Again, and this time all of mine wins.
    await send('PUT', `/api/auth/users/${nikos._id}`, { name: 'Nikos Georgiou-Papas', bio: 'Patras' });
    await dialog.locator('input[name=name]').fill('Nikolaos Georgiou');
    await dialog.getByRole('button', { name: 'Αποθήκευση' }).click();
    await conflict.getByRole('button', { name: 'Αντικατάσταση με όλες τις τιμές μου' }).click();
    await conflict.waitFor({ state: 'detached' });
    expect(await userNow(nikos._id)).toMatchObject({ name: 'Nikolaos Georgiou' });
    await context.close();
  });

  it('the experience editor keeps my change and takes theirs for the rest', async () => {
    const item = (await send('POST', '/api/auth/experiences', {
      title: 'Harbour walk',
      description: '<p>Along the old port.</p>',
      tags: ['walks'],
    })) as unknown as { _id: string };
    const { context, page } = await visit(browser, { login: admin });
    await page.goto(`${server.url}/admin/experiences/${item._id}/edit`);
    const tags = page.getByLabel('Tags');
    await expect.poll(() => tags.inputValue()).toBe('walks');
    await send('PUT', `/api/auth/experiences/${item._id}`, { title: 'Harbour walk at dusk' });
    await tags.fill('walks, sea');
    await page.getByRole('button', { name: 'Save' }).first().click();
    const conflict = page.getByRole('dialog', { name: 'Changed by someone else' });
    await conflict.getByTestId('conflict-row-title').getByText('Changed by them').waitFor();
    await conflict.getByTestId('conflict-row-tags').getByText('Changed by you').waitFor();
    await expectAccessible(page, '[data-testid=conflict-dialog]');
    await conflict.getByRole('button', { name: 'Keep my changes, take theirs for the rest' }).click();
    await conflict.waitFor({ state: 'detached' });
    // The editor opens the item afresh: their title, my tags.
    await expect.poll(() => page.getByLabel('Title').inputValue()).toBe('Harbour walk at dusk');
    await expect.poll(() => tags.inputValue()).toBe('walks, sea');
    const now = (await send('GET', `/api/auth/experiences/${item._id}`)) as unknown as {
      title: string;
      tags: string[];
      description: string;
    };
    expect(now).toMatchObject({ title: 'Harbour walk at dusk', tags: ['walks', 'sea'], description: '<p>Along the old port.</p>' });
    // A second save goes at the new version, without a conflict.
    await tags.fill('walks, sea, evening');
    await page.getByRole('button', { name: 'Save' }).first().click();
    await expectToast(page, 'Experience updated successfully.');
    await context.close();
  });

  it('the own profile page: an admin changed my account meanwhile; my phone and their bio both stay', async () => {
    const email = `anna.profile.${Date.now()}@example.gr`;
    const anna = await send('POST', '/api/auth/users', { name: 'Anna Profile', email, password: 'secret-pass-1' });
    // The seeded User role: the own profile in the menu.
    const roles = (await apiCall(server.url, admin.token, 'GET', '/api/auth/roles?limit=100')).body as {
      data: { _id: string; name: string }[];
    };
    await send('POST', '/api/auth/user-roles', { user: anna._id, role: roles.data.find((r) => r.name === 'User')!._id });
    const login = await apiLogin(server.url, email, 'secret-pass-1');
    const { context, page } = await visit(browser, { login });
    await page.goto(`${server.url}/admin/account/profile`);
    const phone = page.getByLabel('Phone');
    await expect.poll(() => page.getByLabel('Name').inputValue()).toBe('Anna Profile');
    await send('PUT', `/api/auth/users/${anna._id}`, { bio: 'Set by the admin' });
    await phone.fill('+30 210 555 0188');
    await page.getByRole('button', { name: 'Update Profile' }).click();
    const conflict = page.getByRole('dialog', { name: 'Changed by someone else' });
    await conflict.getByTestId('conflict-row-bio').getByText('Changed by them').waitFor();
    await conflict.getByTestId('conflict-row-phone').getByText('Changed by you').waitFor();
    await conflict.getByRole('button', { name: 'Keep my changes, take theirs for the rest' }).click();
    await expectToast(page, 'Profile Updated successfully.');
    await conflict.waitFor({ state: 'detached' });
    expect(await userNow(anna._id)).toMatchObject({ phone: '+30 210 555 0188', bio: 'Set by the admin' });
    await expect.poll(() => page.getByLabel('Bio').inputValue()).toBe('Set by the admin');
    await context.close();
  });

  it('a delete of a record changed since the list loaded deletes nothing and says why', async () => {
    const sofia = await person('Sofia Dimou');
    const { context, page } = await visit(browser, { login: admin });
    await page.goto(`${server.url}/admin/users?filter=${encodeURIComponent(JSON.stringify({ q: 'Sofia Dimou' }))}`);
    const row = page.locator('tr', { hasText: 'Sofia Dimou' }).first();
    await row.waitFor();
    await send('PUT', `/api/auth/users/${sofia._id}`, { bio: 'Changed meanwhile' });
    await row.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('button', { name: 'Yes, Delete it!' }).click();
    await expectToast(page, 'This record was changed since the list was loaded, so nothing was deleted. Look at it again, then delete.');
    expect((await userNow(sofia._id)).bio).toBe('Changed meanwhile');
    await context.close();
  });
});
