import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startServer, type RunningServer } from '../../../../tests/e2e/server';
import { expectToast, launchBrowser } from '../../../../tests/e2e/browser';
import { expectAccessible, overflowsSideways } from '../../../../tests/e2e/axe';
import { apiCall, apiLogin, shot, visit } from '../../../../tests/e2e/visit';
import { startTestProvider, type TestProvider } from './test-provider';

// OpenID Connect sign-in in Chromium: the provider's button on each sign-in
// screen, the provider's own log-in and consent pages (a real oidc-provider
// on 127.0.0.1), and back to the product signed in, or told why not.
let server: RunningServer;
let browser: Browser;
let tp: TestProvider;
let appUrl = '';
const member = { sub: 'e2e-member', email: 'nikos.sso@example.com', name: 'Nikos SSO', email_verified: true };
const stranger = { sub: 'e2e-stranger', email: 'stranger.sso@example.com', name: 'A Stranger', email_verified: true };

beforeAll(async () => {
  tp = await startTestProvider({ clientId: 'backoffice-e2e', redirectUris: () => [`${appUrl}/api/auth/oidc/callback`] });
  tp.accounts.set(member.sub, member);
  tp.accounts.set(stranger.sub, stranger);
  // A public client: PKCE and no secret.
  server = await startServer({ OIDC_ISSUER: tp.issuer, OIDC_CLIENT_ID: 'backoffice-e2e' });
  appUrl = server.url;
  browser = await launchBrowser();
  const admin = await apiLogin(server.url, server.adminEmail, server.adminPassword);
  await apiCall(server.url, admin.token, 'POST', '/api/auth/users', {
    name: member.name,
    email: member.email,
    password: 'nikos-pass-123',
    confirmed: true,
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await tp?.close();
});

/** At the provider: its log-in form, then its consent. */
async function signInAtProvider(page: Page, account: string) {
  await page.waitForURL((u) => u.origin === tp.issuer);
  await page.getByLabel('Account').fill(account);
  await page.getByRole('button', { name: 'Sign in at the provider' }).click();
  await page.getByRole('button', { name: 'Allow' }).click();
}

describe('OpenID Connect sign-in', () => {
  it('the light login page signs a member in through the provider, with no token in any address', async () => {
    const { context, page } = await visit(browser);
    const addresses: string[] = [];
    page.on('framenavigated', (f) => {
      if (f === page.mainFrame()) addresses.push(f.url());
    });
    await page.goto(server.url + '/admin/login');
    const button = page.getByRole('link', { name: 'Sign in with SSO' });
    await button.waitFor();
    await expectAccessible(page);
    await shot(page, 'oidc-light-login-en-desktop');
    await button.click();
    await signInAtProvider(page, member.sub);
    await page.waitForURL(/\/admin\/?$/);
    await expectToast(page, 'Login successful.');
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('userInfo') ?? 'null') as { token: string } | null);
    expect(stored?.token).toEqual(expect.any(String));
    // The session token never travelled in an address; the one-time code left the address bar at once.
    expect(addresses.some((a) => a.includes(stored!.token))).toBe(false);
    expect(page.url()).not.toContain('#');
    await context.close();
  });

  it('a stranger is told in Greek to ask for an invite', async () => {
    const { context, page } = await visit(browser, { lang: 'el' });
    await page.goto(server.url + '/admin/login');
    await page.getByRole('link', { name: 'Σύνδεση με SSO' }).click();
    await signInAtProvider(page, stranger.sub);
    await page.waitForURL((u) => u.pathname === '/admin/login');
    await page.getByText('Δεν υπάρχει λογαριασμός για εσάς. Ζητήστε πρόσκληση από έναν διαχειριστή.').waitFor();
    expect(new URL(page.url()).hash).toBe('');
    await expectAccessible(page);
    await shot(page, 'oidc-refused-el-desktop');
    await context.close();
  });

  it('an invite registers a new person, who is told the registration awaits approval', async () => {
    const admin = await apiLogin(server.url, server.adminEmail, server.adminPassword);
    const invite = (await apiCall(server.url, admin.token, 'POST', '/api/auth/invites', {})).body as { token: string };
    const newcomer = { sub: 'e2e-newcomer', email: 'newcomer.sso@example.com', name: 'Newcomer SSO', email_verified: true };
    tp.accounts.set(newcomer.sub, newcomer);
    const { context, page } = await visit(browser);
    await page.goto(`${server.url}/admin/login?invite=${encodeURIComponent(invite.token)}`);
    await page.getByRole('link', { name: 'Sign in with SSO' }).click();
    await signInAtProvider(page, newcomer.sub);
    await page.getByTestId('registration-pending').waitFor();
    const users = (await apiCall(server.url, admin.token, 'GET', `/api/auth/users?q=${encodeURIComponent(newcomer.email)}`)).body as {
      data: { email: string; confirmed: boolean }[];
    };
    expect(users.data).toEqual([expect.objectContaining({ email: newcomer.email, confirmed: false })]);
    await context.close();
  });

  it('the back office’s own sign-in screen and the login-only shell offer the provider too', async () => {
    const { context, page } = await visit(browser);
    // The back office's own login screen: the one react-admin shows inside the SPA.
    await page.goto(server.url + '/admin/forgot-password');
    await page.getByRole('link', { name: 'Back to login' }).click();
    await page.getByRole('link', { name: 'Sign in with SSO' }).click();
    await signInAtProvider(page, member.sub);
    await page.waitForURL(/\/admin\/?$/);
    await context.close();

    const kiosk = await visit(browser, { lang: 'el' });
    await kiosk.page.goto(server.url + '/kiosk-login.html');
    await kiosk.page.getByRole('link', { name: 'Σύνδεση με SSO' }).waitFor();
    await kiosk.context.close();
  });

  it('the button reads in both languages, light and dark, and fits a phone', async () => {
    for (const lang of ['en', 'el'] as const) {
      for (const dark of [false, true]) {
        const { context, page } = await visit(browser, { lang, dark, width: 390 });
        await page.goto(server.url + '/admin/login');
        await page.getByRole('link', { name: lang === 'el' ? 'Σύνδεση με SSO' : 'Sign in with SSO' }).waitFor();
        expect(await overflowsSideways(page)).toBe(false);
        await expectAccessible(page);
        await shot(page, `oidc-light-login-${lang}-${dark ? 'dark' : 'light'}-phone`);
        await context.close();
      }
    }
    const desk = await visit(browser, { lang: 'el' });
    await desk.page.goto(server.url + '/admin/login');
    await desk.page.getByRole('link', { name: 'Σύνδεση με SSO' }).waitFor();
    await shot(desk.page, 'oidc-light-login-el-desktop');
    await desk.context.close();
  });
});
