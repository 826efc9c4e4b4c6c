import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startServer, type RunningServer } from '../../../../tests/e2e/server';
import { closeToasts, dayFieldText, expectToast, isoDay, launchBrowser, typeDay, utcDay } from '../../../../tests/e2e/browser';
import { expectAccessible, overflowsSideways } from '../../../../tests/e2e/axe';
import { apiCall, apiLogin, shot, visit, type Login } from '../../../../tests/e2e/visit';

// A change made in the UI shows in the audit log with its
// diff, and in the record's History; both screens in English and Greek, on
// a phone too.

let server: RunningServer;
let browser: Browser;
let admin: Login;
let user: { _id: string };

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  admin = await apiLogin(server.url, server.adminEmail, server.adminPassword);
  const created = await apiCall(server.url, admin.token, 'POST', '/api/auth/users', {
    name: 'Audit Subject',
    email: 'audit.subject@example.com',
    password: 'subject-pass-1',
    confirmed: true,
  });
  user = created.body as { _id: string };
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('audit log', () => {
  it('a change made in the UI is listed with its diff, and in the History of the record', async () => {
    const { context, page } = await visit(browser, { login: admin });
    await page.goto(server.url + '/admin/users');
    await page.locator('tbody tr').filter({ hasText: 'Audit Subject' }).getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog');
    const name = dialog.locator('input[name=name]');
    await expect.poll(() => name.inputValue()).toBe('Audit Subject');
    await name.fill('Audit Subject Renamed');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'User updated successfully.');

    // The menu leads to the screen; the newest entry is the rename.
    await page.locator('nav a[href="/admin/audit-log"]').first().click();
    const screen = page.getByTestId('audit-log');
    await screen.getByRole('heading', { name: 'Audit log' }).waitFor();
    const first = screen.getByTestId('audit-entry').first();
    await first.getByText('Updated').waitFor();
    await first.getByText('admin@example.com', { exact: false }).waitFor();
    // The record by its name (now the new one), not its id.
    await first.getByText('User · Audit Subject Renamed', { exact: true }).waitFor();
    const row = first.getByTestId('audit-diff-row').filter({ hasText: 'Name' });
    await expect.poll(() => row.locator('del').textContent()).toBe('Audit Subject');
    await expect.poll(() => row.locator('ins').textContent()).toBe('Audit Subject Renamed');

    // Filters: an action and a search narrow the list; they go into the URL.
    await screen.getByLabel('Action').selectOption('sign-in');
    await expect.poll(() => page.url()).toContain('action=sign-in');
    await expect
      .poll(async () => (await screen.getByTestId('audit-entry').allTextContents()).every((t) => t.includes('Signed in')))
      .toBe(true);
    await screen.getByLabel('Action').selectOption('');
    await screen.getByLabel('Search').fill('Audit Subject Renamed');
    await expect.poll(() => page.url()).toContain('q=Audit');
    await expect.poll(() => screen.getByTestId('audit-entry').count()).toBe(1);
    await expectAccessible(page, '[data-testid=audit-log]');
    await shot(page, 'audit-log-en-desktop');

    // Export: the same filters, as CSV.
    await closeToasts(page);
    const download = page.waitForEvent('download');
    await screen.getByTestId('audit-export').click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('audit-log.csv');

    // History on the record's edit screen.
    await page.goto(server.url + '/admin/users');
    await page.locator('tbody tr').filter({ hasText: 'Audit Subject Renamed' }).getByRole('button', { name: 'Edit' }).click();
    const history = page.getByRole('dialog').getByTestId('record-history');
    await history.getByRole('button', { name: 'Activity' }).click();
    await history.getByTestId('audit-entry').first().waitFor();
    await expect.poll(() => history.getByTestId('audit-entry').count()).toBe(2);
    await history.getByText('Created').waitFor();
    await history.locator('ins').filter({ hasText: 'Audit Subject Renamed' }).waitFor();
    await expectAccessible(page, '[data-testid=record-history]');
    await shot(page, 'audit-history-en-desktop');
    await context.close();
  });

  it('Greek, and a 390 px phone: no sideways scrolling, accessible', async () => {
    for (const [lang, width] of [
      ['el', 1280],
      ['en', 390],
      ['el', 390],
    ] as const) {
      const { context, page } = await visit(browser, { login: admin, lang, width });
      await page.goto(server.url + '/admin/audit-log');
      const screen = page.getByTestId('audit-log');
      await screen.getByRole('heading', { name: lang === 'el' ? 'Αρχείο ελέγχου' : 'Audit log' }).waitFor();
      await screen.getByTestId('audit-entry').first().waitFor();
      await screen.getByTestId('audit-diff-row').first().waitFor();
      expect(await overflowsSideways(page), `${lang} ${width}`).toBe(false);
      await expectAccessible(page, '[data-testid=audit-log]');
      await shot(page, `audit-log-${lang}-${width === 390 ? 'phone' : 'desktop'}`);
      if (lang === 'el' && width === 1280) {
        // Days typed as the Greek interface writes them (this browser is en-US: a native input read mm/dd/yyyy).
        const from = screen.getByRole('group', { name: 'Από' });
        await expect.poll(() => dayFieldText(from)).toBe('ΗΗ/ΜΜ/ΕΕΕΕ');
        await typeDay(from, utcDay(1));
        await expect.poll(() => new URL(page.url()).searchParams.get('from')).toBe(isoDay(utcDay(1)));
        await expect.poll(() => screen.getByTestId('audit-entry').count()).toBe(0);
        await from.getByRole('spinbutton').first().click();
        await page.keyboard.press('ControlOrMeta+A');
        await page.keyboard.press('Backspace');
        await expect.poll(() => new URL(page.url()).searchParams.has('from')).toBe(false);
        await screen.getByTestId('audit-entry').first().waitFor();
      }
      await context.close();
    }
  });

  it('an admin without the permission has no menu entry, no screen and no History', async () => {
    const adminRole = (await apiCall(server.url, admin.token, 'GET', '/api/auth/roles?q=Admin&limit=10')).body as {
      data: { _id: string; name: string }[];
    };
    const role = adminRole.data.find((r) => r.name === 'Admin');
    await apiCall(server.url, admin.token, 'POST', '/api/auth/users', {
      name: 'Plain Admin',
      email: 'plain.admin@example.com',
      password: 'plain-admin-1',
      confirmed: true,
    });
    const users = (await apiCall(server.url, admin.token, 'GET', '/api/auth/users?q=plain.admin')).body as { data: { _id: string }[] };
    await apiCall(server.url, admin.token, 'POST', '/api/auth/user-roles', { user: users.data[0]._id, role: role?._id });
    const plain = await apiLogin(server.url, 'plain.admin@example.com', 'plain-admin-1');
    const { context, page } = await visit(browser, { login: plain });
    await page.goto(server.url + '/admin/users');
    await page.locator('tbody tr').filter({ hasText: 'Audit Subject' }).getByRole('button', { name: 'Edit' }).click();
    await expect.poll(() => page.getByRole('dialog').locator('input[name=name]').inputValue()).toBe('Audit Subject Renamed');
    expect(await page.locator('nav a[href="/admin/audit-log"]').count()).toBe(0);
    expect(await page.getByTestId('record-history').count()).toBe(0);
    await page.goto(server.url + '/admin/audit-log');
    await expect.poll(() => page.getByTestId('audit-log').count()).toBe(0);
    expect((await apiCall(server.url, plain.token, 'GET', '/api/auth/audit-logs')).status).toBe(403);
    await context.close();
    expect(user._id).toBeTruthy();
  });
});
