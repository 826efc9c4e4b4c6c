import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startServer, loginAdmin, type RunningServer, type AdminLogin } from './server';
import { launchBrowser } from './browser';
import { waitForSettled } from './axe';
import { firstPageGaps, seedRealisticData } from './realistic-data';

// One sweep of axe-core over every screen a visitor or a staff member can
// reach, in both languages and both themes: no critical or serious finding
// anywhere. One server for the file, filled with a back office's worth of
// records (realistic-data.ts: some failures only show with real rows, such as
// a profile without a picture or an open invite), one browser context per
// pass, in-app navigation where the side menu links a screen.

type Lang = 'en' | 'el';
type Theme = 'light' | 'dark';

/** Admin screens (after /admin) the seeded admin can open. */
const ADMIN_SCREENS = [
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
  '/audit-log',
  '/webhooks',
  '/translations',
  '/account/profile',
  '/no-such-screen',
];
/** Sign-in screens, shown signed out. */
const SIGN_IN_SCREENS = ['/admin/login', '/admin/forgot-password', '/admin/reset-password/not-a-token', '/kiosk-login.html'];
/** The public site (one dark look, so one pass per language). */
const PUBLIC_PAGES = [
  '/',
  '/about',
  '/events',
  '/contact',
  '/forgot-password',
  '/reset-password/not-a-token',
  '/invite?token=not-a-token',
  '/experience/no-such-experience',
  '/no-such-page',
];

interface Finding {
  where: string;
  rule: string;
  impact: string;
  /** How many elements fail (a list of 25 rows may fail 25 times); the first three are shown. */
  count: number;
  nodes: string[];
}

let server: RunningServer;
let browser: Browser;
let session: AdminLogin;
const findings: Finding[] = [];

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  session = await loginAdmin(server);
  await seedRealisticData(server, session);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function newContext(lang: Lang, theme: Theme, signedIn: boolean): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    locale: lang === 'el' ? 'el-GR' : 'en-US',
    colorScheme: theme,
  });
  await context.addInitScript(
    ({ lang, theme, info }) => {
      localStorage.setItem('i18nextLng', lang);
      localStorage.setItem('RaStoreBackOffice.theme', JSON.stringify(theme));
      if (info) {
        localStorage.setItem('userInfo', JSON.stringify({ token: info.token, user: info.user }));
        if (info.role) localStorage.setItem('role', JSON.stringify(info.role));
      }
    },
    { lang, theme, info: signedIn ? session : null },
  );
  return context;
}

/** Waits until the screen has drawn its data: the page is loaded and no spinner shows. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await page.locator('#root *, body > div *').first().waitFor();
  await page
    .waitForFunction(
      () => {
        // A bar with a value (a language's share translated) measures something; only a running one means loading.
        const bars = document.querySelectorAll('[role=progressbar]:not([aria-valuenow])');
        const busy = [...bars].some((e) => e.checkVisibility({ visibilityProperty: true }));
        return !busy && document.querySelector('main, h1, form, nav') !== null;
      },
      undefined,
      { timeout: 10000, polling: 100 },
    )
    .catch(async (e: unknown) => {
      const html = await page.evaluate(() =>
        [...document.querySelectorAll('[role=progressbar]')]
          .map((e) => e.outerHTML.slice(0, 200) + ' IN ' + (e.parentElement?.outerHTML.slice(0, 200) ?? ''))
          .join('\n'),
      );
      throw new Error(`${page.url()} still busy: ${html}`, { cause: e });
    });
  // The drawer, fades, a button enabled when the data came: a fixed 250 ms pause sometimes caught the audit log's
  // Export button half-way from disabled.
  await waitForSettled(page);
}

/**
 * Lists whose rows are plain text whatever the data (roles, menu entries,
 * user-role links; the translations editor lists every key, hundreds of
 * rows): the first three rows stand for the rest. Every other list is
 * scanned whole, since its rows differ by state: an avatar with or without a
 * picture, an invite's status chip, an experience with or without images, a
 * tick or a cross.
 */
const SAMPLED_ROWS = ['/admin/roles', '/admin/client-permissions', '/admin/user-roles', '/admin/translations'];

async function scan(page: Page, where: string): Promise<void> {
  // Legacy mode runs axe in the page itself: the default opens a blank page per scan to merge the results of
  // frames, which these pages have none of (a second or more per scan on two busy cores).
  const axe = new AxeBuilder({ page }).setLegacyMode(true);
  if (SAMPLED_ROWS.includes(new URL(page.url()).pathname)) axe.exclude('tbody tr:nth-child(n+4)');
  const result = await axe
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    // Experimental in axe, so off by default: a control's name must contain its visible text (the app bar's
    // account button once read 'Administrator' while it showed 'A Administrator').
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  for (const v of result.violations) {
    if (v.impact !== 'critical' && v.impact !== 'serious') continue;
    findings.push({
      where,
      rule: v.id,
      impact: v.impact,
      count: v.nodes.length,
      nodes: v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)} ${n.failureSummary ?? ''}`),
    });
  }
}

async function visit(page: Page, url: string, where: string): Promise<void> {
  // Inside the admin a side-menu link navigates without reloading the app.
  const link = page.locator(`nav a[href="${url}"]`).first();
  if (url.startsWith('/admin/') && (await link.count()) > 0) await link.click();
  else await page.goto(server.url + url);
  await settle(page);
  await scan(page, where);
}

function report(prefix: string): string {
  return findings
    .filter((f) => f.where.startsWith(prefix))
    .map((f) => `${f.where}: ${f.impact} ${f.rule} (${f.count}) at ${f.nodes.join(' | ')}`)
    .join('\n');
}

// Colours depend on the theme, names and layout on the language: English in
// the light theme and Greek in the dark one cover both of each (the full
// cross product doubled the suite's time for no new element).
const COMBOS: [Lang, Theme][] = [
  ['en', 'light'],
  ['el', 'dark'],
];
// The other two pairs, so every language meets every theme, on screens
// standing for the rest: the dashboard, the lists whose rows differ by state
// (users, profiles with and without pictures, invites in every state,
// experiences with and without images), the translations editor, a form,
// and the sign-in page.
const OTHER_COMBOS: [Lang, Theme][] = [
  ['en', 'dark'],
  ['el', 'light'],
];
const SUBSET_ADMIN_SCREENS = ['/', '/users', '/user-profiles', '/invites', '/experiences', '/translations', '/account/profile'];

describe('axe-core: no critical or serious finding', () => {
  it('scans lists whose first page is full and shows every state', async () => {
    expect(await firstPageGaps(server, session)).toEqual([]);
  });

  for (const lang of ['en', 'el'] as const) {
    it(`public pages (${lang})`, async () => {
      const context = await newContext(lang, 'dark', false);
      const page = await context.newPage();
      for (const url of PUBLIC_PAGES) await visit(page, url, `${lang} public ${url}`);
      await context.close();
      expect(report(`${lang} public`)).toBe('');
    });
  }

  for (const [lang, theme] of COMBOS) {
    it(`sign-in screens (${lang}, ${theme})`, async () => {
      const context = await newContext(lang, theme, false);
      const page = await context.newPage();
      for (const url of SIGN_IN_SCREENS) await visit(page, url, `${lang} ${theme} sign-in ${url}`);
      await context.close();
      expect(report(`${lang} ${theme} sign-in`)).toBe('');
    });

    it(`admin screens and the add modal (${lang}, ${theme})`, async () => {
      const context = await newContext(lang, theme, true);
      const page = await context.newPage();
      for (const path of ADMIN_SCREENS) await visit(page, '/admin' + path, `${lang} ${theme} admin ${path}`);
      // The add modal of a generated list.
      await visit(page, '/admin/users', `${lang} ${theme} admin /users again`);
      await page.getByTestId('list-title').waitFor();
      // 'Add New User' / 'Νέος χρήστης': the contained button beside the title.
      await page.getByTestId('list-title').locator('..').locator('button.MuiButton-contained').click();
      await page.getByRole('dialog').waitFor();
      await settle(page);
      await scan(page, `${lang} ${theme} admin /users add modal`);
      await context.close();
      expect(report(`${lang} ${theme} admin`)).toBe('');
      // Every admin screen in one flow: about 40 s alone, three times that beside the rest of `npm test`.
    }, 300_000);
  }

  for (const [lang, theme] of OTHER_COMBOS) {
    it(`sign-in page and representative admin screens (${lang}, ${theme})`, async () => {
      const context = await newContext(lang, theme, false);
      const page = await context.newPage();
      await visit(page, '/admin/login', `${lang} ${theme} subset /admin/login`);
      await context.close();
      const signedIn = await newContext(lang, theme, true);
      const admin = await signedIn.newPage();
      for (const path of SUBSET_ADMIN_SCREENS) await visit(admin, '/admin' + path, `${lang} ${theme} subset ${path}`);
      await signedIn.close();
      expect(report(`${lang} ${theme} subset`)).toBe('');
    });
  }
});
