import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { Secret, TOTP } from 'otpauth';
import { startServer, type RunningServer } from '../../../../tests/e2e/server';
import { launchBrowser } from '../../../../tests/e2e/browser';
import { expectAccessible, overflowsSideways } from '../../../../tests/e2e/axe';
import { apiCall, apiLogin, shot, visit, type Login } from '../../../../tests/e2e/visit';

// A role that requires two-factor sign-in. Its user, signed
// in with the password alone, is taken to the set-up before anything else;
// no other screen opens (not even with the browser's flag cleared: the API
// refuses and the client goes back); once set up, the back office works.
let server: RunningServer;
let browser: Browser;
let admin: Login;
const person = { name: 'Stavros Staff', password: 'stavros-pass-123' };
const SETUP = /\/admin\/account\/two-factor$/;

type Row = { _id: string; method?: string; route?: string; path?: string };
const all = async (path: string): Promise<Row[]> =>
  ((await apiCall(server.url, admin.token, 'GET', `${path}?limit=100000`)).body as { data: Row[] }).data;

async function staffUser(email: string): Promise<void> {
  const user = await apiCall(server.url, admin.token, 'POST', '/api/auth/users', { ...person, email, confirmed: true });
  expect(user.status).toBe(201);
  const roles = (await all('/api/auth/roles')) as (Row & { name: string })[];
  const link = await apiCall(server.url, admin.token, 'POST', '/api/auth/user-roles', {
    user: (user.body as Row)._id,
    role: roles.find((r) => r.name === 'Staff with 2FA')!._id,
  });
  expect(link.status).toBe(201);
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  admin = await apiLogin(server.url, server.adminEmail, server.adminPassword);
  const perms = await all('/api/auth/permissions');
  const menu = await all('/api/auth/client-permissions');
  const role = await apiCall(server.url, admin.token, 'POST', '/api/auth/roles', {
    name: 'Staff with 2FA',
    type: 'user',
    description: 'Reads users; must use two-factor sign-in',
    requireTwoFactor: true,
    permission: [
      ['GET', '/api/auth/users'],
      ['GET', '/api/auth/users/:id'],
    ].map(([m, r]) => perms.find((p) => p.method === m && p.route === r)!._id),
    clientPermission: [menu.find((c) => c.path === '/users')!._id],
  });
  expect(role.status).toBe(201);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function signIn(page: Page, email: string) {
  await page.goto(server.url + '/admin/forgot-password');
  await page.getByRole('link', { name: /^(Back to login|Επιστροφή στη σύνδεση)$/ }).click();
  await page.locator('input[name=email]').fill(email);
  await page.locator('input[name=password]').fill(person.password);
  await page.locator('button[type=submit]').click();
}

describe('a role that requires two-factor sign-in', () => {
  it('takes its user to the set-up before anything else, and lets them in once it is on', async () => {
    // Its own user per attempt: a retry starts before the set-up again.
    const email = `stavros-${Date.now()}@example.com`;
    await staffUser(email);
    const { context, page } = await visit(browser);
    await signIn(page, email);
    await page.waitForURL(SETUP);
    await page.getByRole('heading', { name: 'Set up two-factor sign-in' }).waitFor();
    await page.getByText('A role of yours requires two-factor sign-in: set it up to continue.').waitFor();
    await expectAccessible(page);
    await shot(page, 'forced-two-factor-en-desktop');

    // Nothing else opens: not the list the role may read, not the profile, not the dashboard.
    for (const path of ['/admin/users', '/admin/account/profile', '/admin']) {
      await page.goto(server.url + path);
      await page.waitForURL(SETUP);
      await page.getByRole('heading', { name: 'Set up two-factor sign-in' }).waitFor();
    }
    // The browser's own flag cleared: the API still refuses, and the client comes back to the set-up.
    await page.evaluate(() => {
      for (const store of [localStorage, sessionStorage]) store.removeItem('twoFactorSetupRequired');
    });
    await page.goto(server.url + '/admin/users');
    await page.waitForURL(SETUP, { timeout: 15000 });
    expect(await page.getByTestId('list-title').count()).toBe(0);
    const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('userInfo') ?? '{}') as { token?: string }).token ?? '');
    const refused = await apiCall(server.url, token, 'GET', '/api/auth/users');
    expect(refused).toMatchObject({ status: 403, body: { code: 'two_factor_setup_required' } });

    // Set up: the key read off the page, a code from it, the recovery codes kept.
    await page.getByTestId('two-factor-start').click();
    const secret = ((await page.getByTestId('two-factor-secret').textContent()) ?? '').replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await page.getByLabel('Code from the app').fill(new TOTP({ secret: Secret.fromBase32(secret) }).generate());
    await page.getByRole('button', { name: 'Turn on' }).click();
    await page.getByTestId('recovery-codes').waitFor();
    await page.getByRole('button', { name: 'I have saved them' }).click();

    // The back office, normally: the menu entry and the list the role may read.
    await page.waitForURL(/\/admin\/?$/);
    await page.locator('nav a[href="/admin/users"]').first().click();
    await page
      .getByTestId('list-title')
      .filter({ hasText: /^Users \(\d+\)$/ })
      .waitFor();
    await page.locator('tbody tr').filter({ hasText: email }).waitFor();
    expect((await apiCall(server.url, token, 'GET', '/api/auth/2fa')).body).toMatchObject({ enabled: true, required: true });
    // A reload stays in: the set-up flag is gone with the set-up.
    await page.reload();
    await page.locator('tbody tr').filter({ hasText: email }).waitFor();
    expect(page.url()).not.toMatch(SETUP);
    expect((await apiCall(server.url, token, 'GET', '/api/auth/users')).status).toBe(200);
    await context.close();
  });

  it('the set-up screen reads in Greek and fits a 390 px phone', async () => {
    let n = 0;
    for (const [width, lang] of [
      [1280, 'el'],
      [390, 'en'],
      [390, 'el'],
    ] as const) {
      const email = `staff-${++n}-${Date.now()}@example.com`;
      await staffUser(email);
      const { context, page } = await visit(browser, { lang, width });
      await signIn(page, email);
      await page.waitForURL(SETUP);
      const heading = lang === 'el' ? 'Ρύθμιση σύνδεσης δύο παραγόντων' : 'Set up two-factor sign-in';
      await page.getByRole('heading', { name: heading }).waitFor();
      await page.getByTestId('two-factor-start').click();
      await page.getByTestId('two-factor-secret').waitFor();
      expect(await overflowsSideways(page), `${width} ${lang}`).toBe(false);
      // The card taller than a phone's screen still starts on it: its title is never above the page's top.
      await page.evaluate(() => window.scrollTo(0, 0));
      expect((await page.getByRole('heading', { name: heading }).boundingBox())?.y).toBeGreaterThanOrEqual(0);
      await expectAccessible(page);
      await shot(page, `forced-two-factor-${lang}-${width === 390 ? 'phone' : 'desktop'}`);
      await context.close();
    }
  });
});
