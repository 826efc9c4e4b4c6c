import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startServer, loginAdmin, type RunningServer } from './server';
import { launchBrowser } from './browser';

// Keyboard focus, the login-only shell's paths, the product's own
// form messages and what a 401 does, in one server and one browser.

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function signedInPage(lang: 'en' | 'el'): Promise<{ context: BrowserContext; page: Page; token: string }> {
  const login = await loginAdmin(server);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: lang === 'el' ? 'el-GR' : 'en-US' });
  await context.addInitScript(
    ({ lang, login }) => {
      // Only on the first document: a later sign-out must stay signed out.
      if (sessionStorage.getItem('seeded')) return;
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem('i18nextLng', lang);
      localStorage.setItem('userInfo', JSON.stringify({ token: login.token, user: login.user }));
      if (login.role) localStorage.setItem('role', JSON.stringify(login.role));
    },
    { lang, login },
  );
  return { context, page: await context.newPage(), token: login.token };
}

describe('keyboard and sign-in', () => {
  it('puts the cursor in the e-mail field of the sign-in page', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(server.url + '/admin/login');
    await page.locator('input[name=email]').waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('email');
    await context.close();
  });

  it('shows the login-only shell at /kiosk and at deep paths of /kiosk-login.html', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    for (const path of ['/kiosk', '/kiosk-login.html/users/x']) {
      const res = await page.goto(server.url + path);
      expect(res?.status()).toBe(200);
      await page.locator('input[name=email]').waitFor();
      await page.locator('input[name=password]').waitFor();
      // The shell's own language: Greek.
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('el');
    }
    await context.close();
  });
});

describe('forms speak the product language, not the browser', () => {
  it('shows the translated minimum for invite hours 0 in Greek', async () => {
    const { context, page } = await signedInPage('el');
    await page.goto(server.url + '/admin/invites');
    const hours = page.locator('input[name=hours]');
    await hours.fill('0');
    await page.locator('form button[type=submit]').click();
    await page.getByText('Το πεδίο Λήξη σε (ώρες) πρέπει να είναι τουλάχιστον 1').waitFor();
    await context.close();
  });
});

describe('the language the admin starts in', () => {
  it("is the one chosen last (i18nextLng), even when react-admin's store remembers another", async () => {
    const { context, page } = await signedInPage('el');
    // A stale language from an earlier session in react-admin's own store.
    await context.addInitScript(() => localStorage.setItem('RaStoreBackOffice.locale', JSON.stringify('en')));
    await page.goto(server.url + '/admin/users');
    await page
      .getByTestId('list-title')
      .filter({ hasText: /^Χρήστες/ })
      .waitFor();
    expect(await page.evaluate(() => localStorage.getItem('RaStoreBackOffice.locale'))).toBe('"el"');
    await context.close();
  });
});

describe('a session refused by the server', () => {
  it('ends on a 401 from the profile page: session cleared, sign-in page with a message', async () => {
    const { context, page, token } = await signedInPage('en');
    await page.goto(server.url + '/admin/account/profile');
    await page.locator('input[name=name]').waitFor();
    // The session ends elsewhere (signed out on another device).
    const out = await fetch(server.url + '/api/auth/logout', { method: 'POST', headers: { Authorization: `Bearer ${token}` } });
    expect(out.ok).toBe(true);
    await page.locator('input[name=name]').fill('Someone Else');
    await page.locator('form button[type=submit]').click();
    await page.getByTestId('session-notice').filter({ hasText: 'Your session has ended. Please sign in again.' }).waitFor();
    const url = new URL(page.url());
    expect(url.pathname).toBe('/admin/login');
    expect(url.searchParams.get('next')).toBe('/admin/account/profile');
    expect(await page.evaluate(() => localStorage.getItem('userInfo'))).toBeNull();
    await context.close();
  });
});

describe('a session whose token expired while no page was open', () => {
  it('opens the sign-in page at once, saying why, with nothing of the admin loaded; signing in goes back', async () => {
    const login = await loginAdmin(server);
    // The same session, its expiry an hour ago: the browser reads `exp` alone (only the server checks signatures).
    const [head, payload, signature] = login.token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { exp: number };
    const expired = [
      head,
      Buffer.from(JSON.stringify({ ...claims, exp: Math.floor(Date.now() / 1000) - 3600 })).toString('base64url'),
      signature,
    ].join('.');
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
    await context.addInitScript(
      ({ token, user }) => {
        if (sessionStorage.getItem('seeded')) return;
        sessionStorage.setItem('seeded', '1');
        localStorage.setItem('userInfo', JSON.stringify({ token, user }));
      },
      { token: expired, user: login.user },
    );
    const page = await context.newPage();
    const fetched: string[] = [];
    page.on('request', (r) => void fetched.push(r.url()));
    await page.goto(server.url + '/admin/users?sort=name');
    await page.getByTestId('session-notice').filter({ hasText: 'Your session has ended. Please sign in again.' }).waitFor();
    const url = new URL(page.url());
    expect(url.pathname).toBe('/admin/login');
    expect(url.searchParams.get('next')).toBe('/admin/users?sort=name');
    expect(await page.evaluate(() => [localStorage.getItem('userInfo'), document.cookie.includes('bo_signed_in')])).toEqual([null, false]);
    // One page load, and neither the admin's files nor an API call with the dead token.
    expect(fetched.filter((u) => u.startsWith(server.url + '/admin'))).toEqual([server.url + '/admin/users?sort=name']);
    expect(fetched.filter((u) => /\/assets\/AdminRoot-/.test(u))).toEqual([]);
    expect(fetched.filter((u) => u.includes('/api/auth/'))).toEqual([]);
    await page.fill('input[name=email]', server.adminEmail);
    await page.fill('input[name=password]', server.adminPassword);
    await page.getByRole('button', { name: 'Login' }).click();
    await page
      .getByTestId('list-title')
      .filter({ hasText: /^Users/ })
      .waitFor();
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/admin/users?sort=name');
    await context.close();
  });
});

describe('a 390 x 844 phone', () => {
  const SCREENS = [
    '/',
    '/users',
    '/roles',
    '/permissions',
    '/client-permissions',
    '/user-roles',
    '/user-profiles',
    '/invites',
    '/experiences',
    '/experiences/new',
    '/translations',
    '/account/profile',
  ];

  it('never scrolls sideways, and the drawer neither covers a screen on load nor stays after navigating', async () => {
    const login = await loginAdmin(server);
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'el-GR', isMobile: true, hasTouch: true });
    await phone.addInitScript((login) => {
      localStorage.setItem('userInfo', JSON.stringify({ token: login.token, user: login.user }));
    }, login);
    const page = await phone.newPage();
    const overflowing: string[] = [];
    const covered: string[] = [];
    for (const path of SCREENS) {
      await page.goto(server.url + '/admin' + path);
      await page.locator('main').waitFor();
      // Not 'networkidle': the bell's notification stream stays open. Wait for the screen's loading bars to go.
      await page.getByRole('progressbar').first().waitFor({ state: 'detached' });
      const { scroll, client } = await page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        client: document.documentElement.clientWidth,
      }));
      if (scroll > client) overflowing.push(`${path}: ${scroll} px`);
      if (await page.locator('.MuiDrawer-modal').isVisible()) covered.push(path);
    }
    expect(overflowing).toEqual([]);
    expect(covered).toEqual([]);
    // Open the drawer, follow a link: the drawer closes and the screen shows.
    await page.goto(server.url + '/admin/users');
    await page.getByTestId('list-title').waitFor();
    await page.locator('header button[aria-label]').first().click();
    const link = page.locator('.MuiDrawer-modal nav a[href="/admin/roles"]');
    await link.click();
    await page
      .getByTestId('list-title')
      .filter({ hasText: /^Ρόλοι|^Roles/ })
      .waitFor();
    await page.locator('.MuiDrawer-modal').waitFor({ state: 'hidden' });
    await phone.close();
  });
});
