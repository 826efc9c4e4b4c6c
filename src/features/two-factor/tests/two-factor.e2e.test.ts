import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { Secret, TOTP } from 'otpauth';
import { startServer, type RunningServer } from '../../../../tests/e2e/server';
import { expectToast, launchBrowser } from '../../../../tests/e2e/browser';
import { expectAccessible, overflowsSideways } from '../../../../tests/e2e/axe';
import { apiCall, apiLogin, shot, visit } from '../../../../tests/e2e/visit';

// Two-factor sign-in end to end: set up in the profile (the key read off the
// page, as a person would type it into their app), signed out, signed in
// again with a code on each sign-in screen: the back office's, the light
// login page and the login-only shell.
let server: RunningServer;
let browser: Browser;
const person = { name: 'Eleni Twofactor', email: 'eleni.2fa@example.com', password: 'eleni-pass-123' };
let userId: string;
let secret = '';
let recoveryCodes: string[] = [];
const STEP_MS = 30_000;
const codeAt = (timestamp: number) => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp });

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  const admin = await apiLogin(server.url, server.adminEmail, server.adminPassword);
  const created = await apiCall(server.url, admin.token, 'POST', '/api/auth/users', { ...person, confirmed: true });
  userId = (created.body as { _id: string })._id;
  const roles = (await apiCall(server.url, admin.token, 'GET', '/api/auth/roles?q=User&limit=100')).body as {
    data: { _id: string; name: string }[];
  };
  const role = roles.data.find((r) => r.name === 'User');
  await apiCall(server.url, admin.token, 'POST', '/api/auth/user-roles', { user: userId, role: role?._id });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function signInWithPassword(page: Page, submit: string) {
  await page.locator('input[name=email]').fill(person.email);
  await page.locator('input[name=password]').fill(person.password);
  await page.getByRole('button', { name: submit }).click();
  await page.getByTestId('two-factor-step').waitFor();
}

describe('two-factor sign-in', () => {
  it('is set up in the profile with the QR code, the key and a code; the recovery codes show once', async () => {
    const login = await apiLogin(server.url, person.email, person.password);
    const { context, page } = await visit(browser, { login });
    await page.goto(server.url + '/admin/account/profile');
    const card = page.getByRole('region', { name: 'Two-factor sign-in' });
    await card.getByText('Two-factor sign-in is off.').waitFor();
    await card.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    await card.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    secret = ((await card.getByTestId('two-factor-secret').textContent()) ?? '').replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await expectAccessible(page, 'section[aria-labelledby=two-factor-title]');
    await shot(page, 'two-factor-setup-en-desktop');

    // A wrong code is refused in place.
    await card.getByLabel('Code from the app').fill(codeAt(Date.now() + 20 * STEP_MS));
    await card.getByRole('button', { name: 'Turn on' }).click();
    await card.getByText(/The code is not right/).waitFor();
    await card.getByLabel('Code from the app').fill(codeAt(Date.now()));
    await card.getByRole('button', { name: 'Turn on' }).click();
    const codes = card.getByTestId('recovery-codes');
    await codes.waitFor();
    recoveryCodes = (await codes.locator('li').allTextContents()).map((c) => c.trim());
    expect(recoveryCodes).toHaveLength(10);
    await expectAccessible(page, 'section[aria-labelledby=two-factor-title]');
    await shot(page, 'two-factor-recovery-codes-en-desktop');
    const download = page.waitForEvent('download');
    await codes.getByRole('button', { name: 'Download (.txt)' }).click();
    expect((await download).suggestedFilename()).toBe('recovery-codes.txt');
    await codes.getByRole('button', { name: 'I have saved them' }).click();
    await card.getByText(/Two-factor sign-in is on\. 10 recovery codes left\./).waitFor();
    await context.close();
  });

  it('the back office sign-in asks for the code after the password', async () => {
    const login = await apiLogin(server.url, person.email, person.password).catch(() => null);
    // With two-factor sign-in on, the API answers a ticket and no token.
    expect(login).toMatchObject({ twoFactorRequired: true });
    const { context, page } = await visit(browser);
    // The back office's own login screen: the one react-admin shows inside the SPA (the kiosk's too).
    await page.goto(server.url + '/admin/forgot-password');
    await page.getByRole('link', { name: 'Back to login' }).click();
    await signInWithPassword(page, 'Login');
    const code = page.getByLabel('Code from the app');
    expect(await code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(await code.getAttribute('inputmode')).toBe('numeric');
    await expectAccessible(page);
    await shot(page, 'two-factor-step-admin-en-desktop');
    await code.fill(codeAt(Date.now() + STEP_MS));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(/\/admin\/?$/);
    await expectToast(page, 'Login successful.');
    await context.close();
  });

  it('the light login page takes a recovery code, once', async () => {
    const { context, page } = await visit(browser);
    await page.goto(server.url + '/admin/login');
    await signInWithPassword(page, 'Login');
    await expectAccessible(page);
    await shot(page, 'two-factor-step-light-en-desktop');
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page.getByLabel('Recovery code').fill(recoveryCodes[0]);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(/\/admin\/?$/);
    await context.close();

    const again = await visit(browser);
    await again.page.goto(server.url + '/admin/login');
    await signInWithPassword(again.page, 'Login');
    await again.page.getByRole('button', { name: 'Use a recovery code' }).click();
    await again.page.getByLabel('Recovery code').fill(recoveryCodes[0]);
    await again.page.getByRole('button', { name: 'Verify' }).click();
    await again.page.getByText('That recovery code is not right, or was used already.').waitFor();
    await again.context.close();
  });

  it('the login-only shell asks for it in Greek; the code step reads in Greek and fits a phone', async () => {
    const { context, page } = await visit(browser, { lang: 'el' });
    await page.goto(server.url + '/kiosk-login.html');
    await signInWithPassword(page, 'Σύνδεση');
    await page.getByText('Πληκτρολογήστε τον εξαψήφιο κωδικό από την εφαρμογή επαλήθευσης.').waitFor();
    await expectAccessible(page);
    await shot(page, 'two-factor-step-kiosk-el-desktop');
    await page.getByRole('button', { name: 'Χρήση κωδικού ανάκτησης' }).click();
    await page.getByLabel('Κωδικός ανάκτησης').fill(recoveryCodes[1]);
    await page.getByRole('button', { name: 'Επαλήθευση' }).click();
    await page.waitForURL(/\/admin\/?$/);
    await context.close();

    for (const lang of ['el', 'en'] as const) {
      const phone = await visit(browser, { lang, width: 390 });
      await phone.page.goto(server.url + '/admin/login');
      await signInWithPassword(phone.page, lang === 'el' ? 'Σύνδεση' : 'Login');
      expect(await overflowsSideways(phone.page)).toBe(false);
      await expectAccessible(phone.page);
      await shot(phone.page, `two-factor-step-light-${lang}-phone`);
      await phone.context.close();
    }
  });

  it('the profile set-up reads in Greek and fits a phone', async () => {
    const admin = await apiLogin(server.url, server.adminEmail, server.adminPassword);
    for (const [lang, width] of [
      ['el', 390],
      ['en', 390],
      ['el', 1280],
    ] as const) {
      const { context, page } = await visit(browser, { login: admin, lang, width });
      await page.goto(server.url + '/admin/account/profile');
      const name = lang === 'el' ? 'Σύνδεση δύο παραγόντων' : 'Two-factor sign-in';
      const card = page.getByRole('region', { name });
      await card.getByRole('button', { name: lang === 'el' ? 'Ρύθμιση σύνδεσης δύο παραγόντων' : 'Set up two-factor sign-in' }).click();
      await card.getByTestId('two-factor-secret').waitFor();
      expect(await overflowsSideways(page)).toBe(false);
      await expectAccessible(page, 'section[aria-labelledby=two-factor-title]');
      await shot(page, `two-factor-setup-${lang}-${width < 600 ? 'phone' : 'desktop'}`);
      await context.close();
    }
  });

  it("an admin resets a user's two-factor sign-in from the user's edit screen, after confirming", async () => {
    const admin = await apiLogin(server.url, server.adminEmail, server.adminPassword);
    const { context, page } = await visit(browser, { login: admin });
    await page.goto(server.url + '/admin/users');
    await page.locator('tbody tr').filter({ hasText: person.name }).getByRole('button', { name: 'Edit' }).click();
    const panel = page.getByRole('dialog').getByRole('region', { name: 'Two-factor sign-in' });
    await panel.getByRole('button', { name: 'Reset two-factor' }).click();
    await expectAccessible(page, '[role=dialog]:last-of-type');
    await shot(page, 'two-factor-reset-en-desktop');
    await page.getByRole('dialog', { name: 'Reset two-factor sign-in' }).getByRole('button', { name: 'Confirm' }).click();
    await expectToast(page, 'Two-factor sign-in was reset.');
    const plain = await apiLogin(server.url, person.email, person.password);
    expect(plain.token).toEqual(expect.any(String));
    await context.close();
  });
});
