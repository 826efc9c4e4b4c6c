import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startServer, type RunningServer } from '../../../../tests/e2e/server';
import { expectToast, launchBrowser } from '../../../../tests/e2e/browser';
import { expectAccessible, overflowsSideways } from '../../../../tests/e2e/axe';
import { apiCall, apiLogin, shot, visit, type Login } from '../../../../tests/e2e/visit';

const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const FIREFOX_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';

let server: RunningServer;
let browser: Browser;
let admin: Login;
let user: { _id: string; email: string };
const password = 'user-pass-123';

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  admin = await apiLogin(server.url, server.adminEmail, server.adminPassword, FIREFOX_UA);
  const created = await apiCall(server.url, admin.token, 'POST', '/api/auth/users', {
    name: 'Maria Session',
    email: 'maria.session@example.com',
    password,
    confirmed: true,
  });
  user = created.body as { _id: string; email: string };
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("sessions: where you're signed in", () => {
  it('the profile lists my sessions; signing one out ends it', async () => {
    const phone = await apiLogin(server.url, server.adminEmail, server.adminPassword, PHONE_UA);
    const browserLogin = await apiLogin(server.url, server.adminEmail, server.adminPassword);
    const { context, page } = await visit(browser, { login: browserLogin });
    await page.goto(server.url + '/admin/account/profile');
    const card = page.getByRole('region', { name: "Where you're signed in" });
    await card.waitFor();
    const rows = card.getByTestId('session-row');
    await expect.poll(() => rows.count()).toBe(3);
    await card.getByText('This device').waitFor();
    await card.getByText('Safari 17 · iOS').waitFor();
    await card.getByText('Firefox 128 · Windows 10').waitFor();
    await expectAccessible(page, 'section[aria-labelledby=my-sessions-title]');
    await shot(page, 'sessions-profile-en-desktop');

    await card.getByRole('button', { name: 'Sign out: Safari 17 · iOS' }).click();
    await expectToast(page, 'Session ended.');
    await expect.poll(() => rows.count()).toBe(2);
    expect((await apiCall(server.url, phone.token, 'GET', '/api/auth/sessions')).status).toBe(401);

    await card.getByRole('button', { name: 'Sign out all other sessions' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await expectToast(page, '1 other session ended.');
    await expect.poll(() => rows.count()).toBe(1);
    expect((await apiCall(server.url, admin.token, 'GET', '/api/auth/sessions')).status).toBe(401);

    // Signing out here signs the browser out.
    await card.getByRole('button', { name: /^Sign out here/ }).click();
    await page.locator('input[name=email]').waitFor();
    expect((await apiCall(server.url, browserLogin.token, 'GET', '/api/auth/sessions')).status).toBe(401);
    await context.close();
    admin = await apiLogin(server.url, server.adminEmail, server.adminPassword, FIREFOX_UA);
  });

  it("an admin sees and ends a user's sessions on the user's edit screen", async () => {
    const theirs = await apiLogin(server.url, user.email, password, PHONE_UA);
    const { context, page } = await visit(browser, { login: admin });
    await page.goto(server.url + '/admin/users');
    await page.locator('tbody tr').filter({ hasText: 'Maria Session' }).getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog');
    const panel = dialog.getByRole('region', { name: 'Signed in on' });
    await panel.getByText('Safari 17 · iOS').waitFor();
    // The generic form's toolbar is not this panel's (its Cancel contrast is left to the admin UX work).
    await expectAccessible(page, 'section[aria-labelledby=user-sessions-title]');
    await shot(page, 'sessions-user-edit-en-desktop');
    await panel.getByRole('button', { name: 'Sign out everywhere' }).click();
    await page.getByRole('dialog', { name: 'Sign out everywhere' }).getByRole('button', { name: 'Confirm' }).click();
    await expectToast(page, '1 session ended.');
    await panel.getByText('No live sessions.').waitFor();
    expect((await apiCall(server.url, theirs.token, 'GET', '/api/auth/sessions')).status).toBe(401);
    await context.close();
  });

  it('reads in Greek and fits a phone', async () => {
    const me = await apiLogin(server.url, server.adminEmail, server.adminPassword);
    for (const lang of ['el', 'en'] as const) {
      const { context, page } = await visit(browser, { login: me, lang, width: 390 });
      await page.goto(server.url + '/admin/account/profile');
      const title = lang === 'el' ? 'Πού είστε συνδεδεμένοι' : "Where you're signed in";
      const card = page.getByRole('region', { name: title });
      await card.getByTestId('session-row').first().waitFor();
      expect(await overflowsSideways(page)).toBe(false);
      await shot(page, `sessions-profile-${lang}-phone`);
      if (lang === 'el') {
        await card.getByText('Αυτή η συσκευή').waitFor();
        const desk = await visit(browser, { login: me, lang, width: 1280 });
        await desk.page.goto(server.url + '/admin/account/profile');
        await desk.page.getByRole('region', { name: title }).getByTestId('session-row').first().waitFor();
        await shot(desk.page, 'sessions-profile-el-desktop');
        await desk.context.close();
      }
      await context.close();
    }
  });
});
