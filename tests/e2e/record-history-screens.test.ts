import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startServer, type RunningServer } from './server';
import { launchBrowser } from './browser';
import { expectAccessible, overflowsSideways } from './axe';
import { apiCall, apiLogin, shot, visit, type Login } from './visit';

// The History of a record on the screens that are not the
// generic edit dialog: an invite (its row) and an experience (its editor page).
// Only for users who may read the audit log.
let server: RunningServer;
let browser: Browser;
let superadmin: Login;
let admin: Login;
let experienceId: string;
const INVITEE = 'history.invitee@example.com';

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  superadmin = await apiLogin(server.url, server.adminEmail, server.adminPassword);
  expect((await apiCall(server.url, superadmin.token, 'POST', '/api/auth/invites', { email: INVITEE })).status).toBe(201);
  const created = await apiCall(server.url, superadmin.token, 'POST', '/api/auth/experiences', { title: 'Sea kayaking' });
  expect(created.status).toBe(201);
  experienceId = (created.body as { _id: string })._id;
  const renamed = await apiCall(server.url, superadmin.token, 'PUT', `/api/auth/experiences/${experienceId}`, {
    title: 'Sea kayaking at dawn',
  });
  expect(renamed.status).toBe(200);
  // A seeded Admin manages invites and experiences but does not read the audit log.
  const roles = (await apiCall(server.url, superadmin.token, 'GET', '/api/auth/roles?limit=1000')).body as {
    data: { _id: string; name: string }[];
  };
  const user = await apiCall(server.url, superadmin.token, 'POST', '/api/auth/users', {
    name: 'Anna Admin',
    email: 'anna.admin@example.com',
    password: 'secret-pass-1',
  });
  await apiCall(server.url, superadmin.token, 'POST', '/api/auth/user-roles', {
    user: (user.body as { _id: string })._id,
    role: roles.data.find((r) => r.name === 'Admin')!._id,
  });
  admin = await apiLogin(server.url, 'anna.admin@example.com', 'secret-pass-1');
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('History on the invites screen and the experience editor', () => {
  it("an invite's row opens its history: created, by whom", async () => {
    const { context, page } = await visit(browser, { login: superadmin });
    await page.goto(server.url + '/admin/invites');
    const button = page.getByRole('button', { name: `History of the invite for ${INVITEE}` });
    await button.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `History of the invite for ${INVITEE}` });
    const entry = dialog.getByTestId('audit-entry').first();
    await entry.getByText('Created').waitFor();
    await entry.getByText(server.adminEmail, { exact: false }).waitFor();
    await dialog.getByTestId('audit-diff-row').filter({ hasText: INVITEE }).first().waitFor();
    // The fields by their names in the interface, the resource too.
    await dialog.getByTestId('audit-diff-row').filter({ hasText: 'Expires' }).waitFor();
    await entry.getByText('Invite', { exact: true }).waitFor();
    await expectAccessible(page, '[role=dialog]');
    await shot(page, 'invite-history-en-desktop');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await context.close();
  });

  it("the experience editor shows the item's history under the form", async () => {
    const { context, page } = await visit(browser, { login: superadmin });
    await page.goto(`${server.url}/admin/experiences/${experienceId}/edit`);
    const history = page.getByTestId('record-history');
    await history.getByRole('button', { name: 'Activity' }).click();
    const renamed = history.getByTestId('audit-entry').first();
    await renamed.getByText('Updated').waitFor();
    const row = renamed.getByTestId('audit-diff-row').filter({ hasText: 'Title' });
    await expect.poll(() => row.locator('del').textContent()).toBe('Sea kayaking');
    await expect.poll(() => row.locator('ins').textContent()).toBe('Sea kayaking at dawn');
    await history.getByText('Created').waitFor();
    await expectAccessible(page, '[data-testid=record-history]');
    await shot(page, 'experience-history-en-desktop');
    await context.close();
  });

  it('neither shows to a user who may not read the audit log', async () => {
    const { context, page } = await visit(browser, { login: admin });
    await page.goto(server.url + '/admin/invites');
    await page.getByTestId('invite-row').first().waitFor();
    expect(await page.getByRole('button', { name: /^History of the invite/ }).count()).toBe(0);
    await page.goto(`${server.url}/admin/experiences/${experienceId}/edit`);
    await page.locator('input[name=title]').waitFor();
    await expect.poll(() => page.locator('input[name=title]').inputValue()).toBe('Sea kayaking at dawn');
    expect(await page.getByTestId('record-history').count()).toBe(0);
    await context.close();
  });

  it('reads in Greek and fits a 390 px phone', async () => {
    for (const [width, lang] of [
      [1280, 'el'],
      [390, 'en'],
      [390, 'el'],
    ] as const) {
      const { context, page } = await visit(browser, { login: superadmin, lang, width });
      await page.goto(server.url + '/admin/invites');
      const name = lang === 'el' ? `Ιστορικό της πρόσκλησης για ${INVITEE}` : `History of the invite for ${INVITEE}`;
      await page.getByRole('button', { name }).click();
      const dialog = page.getByRole('dialog', { name });
      await dialog.getByTestId('audit-entry').first().waitFor();
      expect(await overflowsSideways(page), `invites ${width} ${lang}`).toBe(false);
      await shot(page, `invite-history-${lang}-${width === 390 ? 'phone' : 'desktop'}`);
      await page.keyboard.press('Escape');

      await page.goto(`${server.url}/admin/experiences/${experienceId}/edit`);
      const history = page.getByTestId('record-history');
      await history.getByRole('button', { name: lang === 'el' ? 'Δραστηριότητα' : 'Activity' }).click();
      await history.getByTestId('audit-entry').first().waitFor();
      expect(await overflowsSideways(page), `experience ${width} ${lang}`).toBe(false);
      await expectAccessible(page, '[data-testid=record-history]');
      await shot(page, `experience-history-${lang}-${width === 390 ? 'phone' : 'desktop'}`);
      await context.close();
    }
  });
});
