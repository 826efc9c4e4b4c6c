import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startServer, type RunningServer, loginAdmin, type AdminLogin } from './server';
import { launchBrowser } from './browser';
import { visit } from './visit';

let server: RunningServer;
let browser: Browser;
let login: AdminLogin;

/** A fresh visitor: own storage, chosen language, optionally signed in. */
const visitor = (lang: 'en' | 'el', signedIn = false, width = 1280) => visit(browser, { lang, width, login: signedIn ? login : null });

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  login = await loginAdmin(server);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('public site in Chromium', () => {
  it('renders home (animated title, 25 meteors, guest menu) and the guest pages without the admin code', async () => {
    const { context, page } = await visitor('en');
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
    await page.goto(server.url + '/');
    await page.getByRole('heading', { level: 1, name: 'Welcome' }).waitFor();
    expect(await page.locator('.meteor').count()).toBe(25);
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const name of ['About', 'Events', 'Contact', 'Login']) await nav.getByRole('link', { name, exact: true }).waitFor();
    // Guests get no profile tile.
    expect(await page.getByText('User Profile').count()).toBe(0);
    await nav.getByRole('link', { name: 'About' }).click();
    await page.getByRole('heading', { level: 1, name: 'About' }).waitFor();
    await page.getByRole('heading', { name: 'Invitations' }).waitFor();
    await nav.getByRole('link', { name: 'Events' }).click();
    await page.getByRole('heading', { level: 1, name: 'Events' }).waitFor();
    await nav.getByRole('link', { name: 'Contact' }).click();
    await page.getByRole('heading', { level: 1, name: 'Contact' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/contact');
    expect(scripts.some((s) => /AdminRoot/.test(s))).toBe(false);
    await context.close();
  });

  it('switches to Greek, remembers it under i18nextLng, and the admin follows', async () => {
    const { context, page } = await visitor('en');
    await page.goto(server.url + '/about');
    await page.getByRole('heading', { level: 1, name: 'About' }).waitFor();
    await page.getByRole('button', { name: 'EL' }).click();
    await page.getByRole('heading', { level: 1, name: 'Σχετικά' }).waitFor();
    expect(await page.evaluate(() => [localStorage.getItem('i18nextLng'), document.documentElement.lang])).toEqual(['el', 'el']);
    await page.goto(server.url + '/admin/login');
    await page.getByRole('button', { name: 'Σύνδεση' }).waitFor();
    await context.close();
  });

  it('shows the User Profile tile to a user whose categories include the profile', async () => {
    const { context, page } = await visitor('en', true);
    await page.goto(server.url + '/');
    await page.getByRole('link', { name: /User Profile/ }).waitFor();
    expect(await page.getByRole('link', { name: /User Profile/ }).getAttribute('href')).toBe('/admin/account/profile');
    await context.close();
  });

  it('serves forgot-password on the public side, and the admin twin still works', async () => {
    const { context, page } = await visitor('en');
    await page.goto(server.url + '/forgot-password');
    await page.getByRole('heading', { name: 'Forgot password' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/forgot-password');
    await page.getByRole('button', { name: 'Send reset instructions' }).click();
    await page.getByText('Email is required').waitFor();
    await page.getByLabel('Email').fill('nobody@example.com');
    await page.getByRole('button', { name: 'Send reset instructions' }).click();
    await page.getByRole('status').filter({ hasText: 'Password reset instructions sent to your email.' }).waitFor();

    await page.goto(server.url + '/admin/forgot-password');
    await page.locator('input[name=email]').waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/forgot-password');
    await context.close();
  });

  it('checks the reset form and shows the server answer for a bad token', async () => {
    const { context, page } = await visitor('en');
    await page.goto(server.url + '/reset-password/' + 'x'.repeat(32));
    await page.getByRole('heading', { name: 'Reset password' }).waitFor();
    await page.getByLabel('Password', { exact: true }).fill('abc');
    await page.getByLabel('Confirm Password').fill('abd');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByText('Password must have at least 6 characters').waitFor();
    await page.getByText('The passwords do not match').waitFor();
    await page.getByLabel('Password', { exact: true }).fill('abcdef');
    await page.getByLabel('Confirm Password').fill('abcdef');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByRole('alert').filter({ hasText: /./ }).first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/reset-password/' + 'x'.repeat(32));
    await context.close();
  });

  it('shows the 404 page on both faces', async () => {
    const { context, page } = await visitor('en', true);
    await page.goto(server.url + '/no/such/page');
    await page.getByRole('heading', { name: '404 - Not Found' }).waitFor();
    expect(await page.getByRole('link', { name: 'GO TO SHOP' }).getAttribute('href')).toBe('/kiosk');
    await page.goto(server.url + '/admin/no-such-screen');
    await page.getByRole('heading', { name: '404 - Not Found' }).waitFor();
    expect(await page.getByRole('link', { name: 'GO TO SHOP' }).getAttribute('href')).toBe('/kiosk');
    await context.close();
  });

  it('shows the error screen when a chunk fails, and Clear Local Storage removes the session', async () => {
    const { context, page } = await visitor('en', true);
    // A screen chunk inside the admin layout.
    await page.route(/TranslationsPage-[^/]*\.js$/, (r) => r.abort());
    await page.goto(server.url + '/admin/translations');
    await page.getByRole('heading', { name: 'Something went wrong' }).waitFor();
    await page.getByRole('button', { name: 'Go Back', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Clear Local Storage and Go Back' }).waitFor();
    await page.getByRole('link', { name: 'Go to the website' }).waitFor();
    // The admin chunk itself: the plain error screen of the entry.
    await page.route(/AdminRoot-[^/]*\.js$/, (r) => r.abort());
    await page.goto(server.url + '/admin/users');
    await page.getByRole('heading', { name: 'Something went wrong' }).waitFor();
    await page.getByText(/dynamically imported module|Failed to fetch|Importing a module/).waitFor();
    await page.getByRole('button', { name: 'Clear Local Storage and Go Back' }).click();
    await page.waitForFunction(() => localStorage.getItem('userInfo') === null && localStorage.getItem('role') === null);
    await context.close();
  });

  it('serves the login-only shell in Greek whatever the saved language, and signs in', async () => {
    const { context, page } = await visitor('en');
    await page.goto(server.url + '/kiosk-login.html');
    await page.getByRole('heading', { name: 'Σύνδεση' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('el');
    await page.locator('input[name=email]').fill(server.adminEmail);
    await page.locator('input[name=password]').fill(server.adminPassword);
    await page.getByRole('button', { name: 'Σύνδεση' }).click();
    await page.waitForURL(/\/admin\/?$/);
    // The main shell kept its own language choice.
    expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('en');
    await context.close();
  });

  it('fits a 390 px phone without sideways scrolling', async () => {
    const { context, page } = await visitor('el', false, 390);
    for (const path of ['/', '/about', '/events', '/contact', '/forgot-password']) {
      await page.goto(server.url + path);
      await page.locator('h1').first().waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    }
    await context.close();
  });
});
