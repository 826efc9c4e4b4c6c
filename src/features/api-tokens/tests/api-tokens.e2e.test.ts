import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startServer, type RunningServer } from '../../../../tests/e2e/server';
import { expectToast, launchBrowser } from '../../../../tests/e2e/browser';
import { expectAccessible, overflowsSideways } from '../../../../tests/e2e/axe';
import { apiCall, apiLogin, shot, visit, type Login } from '../../../../tests/e2e/visit';

let server: RunningServer;
let browser: Browser;
let admin: Login;
const password = 'editor-pass-123';
let editor: { _id: string; email: string };

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  admin = await apiLogin(server.url, server.adminEmail, server.adminPassword);
  const created = await apiCall(server.url, admin.token, 'POST', '/api/auth/users', {
    name: 'Nikos Editor',
    email: 'nikos.editor@example.com',
    password,
    confirmed: true,
  });
  editor = created.body as { _id: string; email: string };
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Fills and sends "Create token"; answers the token the next dialog shows once. */
async function createToken(page: Page, opts: { name: string; readOnly?: boolean; only?: string }): Promise<string> {
  const card = page.getByRole('region', { name: 'API tokens' });
  await card.getByRole('button', { name: 'Create token' }).click();
  const form = page.getByRole('dialog', { name: 'New API token' });
  await form.getByLabel('Name').fill(opts.name);
  if (opts.readOnly) await form.getByLabel('Read only (GET requests)').check();
  if (opts.only) {
    await form.getByLabel('Only the calls I choose').check();
    await form.getByLabel('Search').fill(opts.only);
    await form.getByLabel(opts.only, { exact: true }).check();
  }
  await form.getByLabel('Name').press('Enter');
  const shown = page.getByRole('dialog', { name: 'Copy your new token' });
  const token = await shown.getByLabel('Token').inputValue();
  expect(token).toMatch(/^bo_[A-Za-z0-9_-]{43}$/);
  return token;
}

describe('API tokens on the profile', () => {
  it('creates a read-only token shown once, which a program then uses; revoking stops it', async () => {
    const { context, page } = await visit(browser, { login: admin });
    await page.goto(server.url + '/admin/account/profile');
    const card = page.getByRole('region', { name: 'API tokens' });
    await card.getByText('No API tokens.').waitFor();

    const token = await createToken(page, { name: 'Weekly report', readOnly: true });
    await shot(page, 'api-tokens-created-en-desktop');
    await expectAccessible(page, '[role=dialog]');
    await page.getByRole('dialog', { name: 'Copy your new token' }).getByRole('button', { name: 'Done' }).click();
    const row = card.getByTestId('token-row').filter({ hasText: 'Weekly report' });
    await row.getByText('Read only').waitFor();
    await row.getByText('All of the owner’s permissions').waitFor();
    await row.getByText(/Never used/).waitFor();
    // The list shows the token's name, never the token.
    expect(await page.content()).not.toContain(token.slice(3));

    expect((await apiCall(server.url, token, 'GET', '/api/auth/users')).status).toBe(200);
    expect((await apiCall(server.url, token, 'POST', '/api/auth/invites', { email: 'a@example.com' })).status).toBe(403);
    await page.reload();
    await row.getByText(/Last used .* from 127\.0\.0\.1/).waitFor();
    await expectAccessible(page, 'section[aria-labelledby=my-api-tokens-title]');
    await shot(page, 'api-tokens-profile-en-desktop');

    await row.getByRole('button', { name: 'Revoke: Weekly report' }).click();
    await page.getByRole('dialog', { name: 'Revoke token' }).getByRole('button', { name: 'Revoke' }).click();
    await expectToast(page, 'Token revoked.');
    await card.getByText('No API tokens.').waitFor();
    expect((await apiCall(server.url, token, 'GET', '/api/auth/users')).status).toBe(401);
    await context.close();
  });

  it('limits a token to the calls chosen; a missing name is said in the form', async () => {
    const { context, page } = await visit(browser, { login: admin });
    await page.goto(server.url + '/admin/account/profile');
    const card = page.getByRole('region', { name: 'API tokens' });
    await card.getByRole('button', { name: 'Create token' }).click();
    const form = page.getByRole('dialog', { name: 'New API token' });
    await form.getByRole('button', { name: 'Create token' }).click();
    await form.getByText('Required').waitFor();
    await form.getByRole('button', { name: 'Cancel' }).click();

    const token = await createToken(page, { name: 'Directory sync', only: 'GET /api/auth/users' });
    await page.getByRole('dialog', { name: 'Copy your new token' }).getByRole('button', { name: 'Done' }).click();
    await card.getByTestId('token-row').filter({ hasText: 'Directory sync' }).getByText('1 call').waitFor();
    expect((await apiCall(server.url, token, 'GET', '/api/auth/users')).status).toBe(200);
    expect((await apiCall(server.url, token, 'GET', '/api/auth/roles')).status).toBe(403);
    await context.close();
  });
});

describe("a user's API tokens for admins", () => {
  it("lists the user's tokens on their edit screen and revokes one", async () => {
    const theirs = await apiLogin(server.url, editor.email, password);
    const made = await apiCall(server.url, theirs.token, 'POST', '/api/auth/tokens', { name: 'Nikos laptop script' });
    const token = (made.body as { token: string }).token;
    const { context, page } = await visit(browser, { login: admin });
    await page.goto(server.url + '/admin/users');
    await page.locator('tbody tr').filter({ hasText: 'Nikos Editor' }).getByRole('button', { name: 'Edit' }).click();
    const panel = page.getByRole('dialog').getByRole('region', { name: 'API tokens' });
    await panel.getByText('Nikos laptop script').waitFor();
    await expectAccessible(page, 'section[aria-labelledby=user-api-tokens-title]');
    await shot(page, 'api-tokens-user-edit-en-desktop');
    await panel.getByRole('button', { name: 'Revoke: Nikos laptop script' }).click();
    await page.getByRole('dialog', { name: 'Revoke token' }).getByRole('button', { name: 'Revoke' }).click();
    await expectToast(page, 'Token revoked.');
    await panel.getByText('No API tokens.').waitFor();
    expect((await apiCall(server.url, token, 'GET', '/api/auth/my-profile')).status).toBe(401);
    await context.close();
  });
});

describe('in Greek, dark, and on a phone', () => {
  it('reads in Greek, passes axe in dark mode and fits 390 px', async () => {
    await apiCall(server.url, admin.token, 'POST', '/api/auth/tokens', {
      name: 'Συγχρονισμός καταλόγου με πολύ μεγάλο όνομα που πρέπει να χωράει',
      readOnly: true,
    });
    for (const lang of ['el', 'en'] as const) {
      const { context, page } = await visit(browser, { login: admin, lang, width: 390, dark: lang === 'el' });
      await page.goto(server.url + '/admin/account/profile');
      const title = lang === 'el' ? 'Διακριτικά API' : 'API tokens';
      const card = page.getByRole('region', { name: title });
      await card.getByTestId('token-row').first().waitFor();
      expect(await overflowsSideways(page)).toBe(false);
      await expectAccessible(page, 'section[aria-labelledby=my-api-tokens-title]');
      await shot(page, `api-tokens-profile-${lang}-phone`);
      await card.getByRole('button', { name: lang === 'el' ? 'Δημιουργία διακριτικού' : 'Create token' }).click();
      await page
        .getByRole('dialog')
        .getByLabel(lang === 'el' ? 'Όνομα' : 'Name')
        .waitFor();
      expect(await overflowsSideways(page)).toBe(false);
      await expectAccessible(page, '[role=dialog]');
      await shot(page, `api-tokens-create-${lang}-phone`);
      await context.close();
    }
    const desk = await visit(browser, { login: admin, lang: 'el', width: 1280 });
    await desk.page.goto(server.url + '/admin/account/profile');
    await desk.page.getByRole('region', { name: 'Διακριτικά API' }).getByTestId('token-row').first().waitFor();
    await shot(desk.page, 'api-tokens-profile-el-desktop');
    await desk.context.close();
  });
});
