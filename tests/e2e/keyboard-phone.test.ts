import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startServer, loginAdmin, type RunningServer, type AdminLogin } from './server';
import { launchBrowser } from './browser';
import { apiCall, shot } from './visit';
import { expectAccessible, overflowsSideways } from './axe';

// The keyboard in dialogs (first field focused, focus kept inside,
// Escape, a visible focus in both themes) and the custom lists on a 390 x 844
// phone (compact lists, no sideways scrolling, full-screen dialogs), in one
// server and one browser.

let server: RunningServer;
let browser: Browser;
let admin: AdminLogin;

type Lang = 'en' | 'el';
type Theme = 'light' | 'dark';

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  admin = await loginAdmin(server);
  // Three invites: one for an address, one for anyone, one someone registered on (awaiting approval).
  await apiCall(server.url, admin.token, 'POST', '/api/auth/invites', { email: 'someone.with.a.long.address@example.com' });
  await apiCall(server.url, admin.token, 'POST', '/api/auth/invites', {});
  const open = await apiCall(server.url, admin.token, 'POST', '/api/auth/invites', {});
  const registered = await fetch(server.url + '/api/auth/register-invite', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      token: (open.body as { token: string }).token,
      name: 'Ivy Invitee',
      email: 'ivy@example.com',
      password: 'secret-pass-1',
    }),
  });
  expect(registered.ok).toBe(true);
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
  const made = await apiCall(server.url, admin.token, 'POST', '/api/auth/experiences', {
    title: 'Sunset sailing around the bay',
    tags: ['sea', 'boat'],
    images: [{ operation: 'create', imageData: `data:image/png;base64,${png.toString('base64')}` }],
  });
  expect(made.status).toBe(201);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function signedIn(opts: { lang: Lang; theme?: Theme; width?: number }): Promise<{ context: BrowserContext; page: Page }> {
  const width = opts.width ?? 1280;
  const phone = width < 600;
  const context = await browser.newContext({
    viewport: { width, height: phone ? 844 : 900 },
    locale: opts.lang === 'el' ? 'el-GR' : 'en-US',
    isMobile: phone,
    hasTouch: phone,
  });
  await context.addInitScript(
    ({ lang, theme, info }) => {
      localStorage.setItem('i18nextLng', lang);
      localStorage.setItem('RaStoreBackOffice.theme', JSON.stringify(theme));
      localStorage.setItem('userInfo', JSON.stringify({ token: info.token, user: info.user }));
      if (info.role) localStorage.setItem('role', JSON.stringify(info.role));
    },
    { lang: opts.lang, theme: opts.theme ?? 'light', info: admin },
  );
  return { context, page: await context.newPage() };
}

/** The element is on screen, within the phone's width. */
async function inViewport(page: Page, loc: ReturnType<Page['locator']>): Promise<void> {
  const box = await loc.boundingBox();
  expect(box, 'shown').not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(page.viewportSize()!.width);
}

/** Where the keyboard is: inside the open dialog or not, and a name for the element. */
const focus = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    const dialog = document.querySelector('[role=dialog]');
    return {
      inside: Boolean(el && el !== document.body && dialog?.contains(el)),
      name: el ? `${el.tagName.toLowerCase()}[${el.getAttribute('name') ?? el.textContent?.trim().slice(0, 20) ?? ''}]` : 'none',
    };
  });

/**
 * Tab and Shift+Tab more times than the dialog has controls: the keyboard
 * stays inside and comes round to where it started.
 */
async function expectFocusTrapped(page: Page): Promise<void> {
  const controls = await page
    .locator('[role=dialog]')
    .evaluate((d) => d.querySelectorAll('input:not([type=hidden]), button, a[href], textarea, [tabindex="0"]').length);
  for (const key of ['Tab', 'Shift+Tab']) {
    const start = (await focus(page)).name;
    const seen: string[] = [];
    for (let i = 0; i < controls + 2; i++) {
      await page.keyboard.press(key);
      const where = await focus(page);
      expect(where.inside, `${key} #${i + 1} left the dialog for ${where.name}`).toBe(true);
      seen.push(where.name);
    }
    expect(seen, `${key} comes back round`).toContain(start);
  }
}

/** The focus ring: what a button draws around itself with and without the keyboard on it. */
const ring = (page: Page, selector: string) =>
  page.locator(selector).evaluate((el) => {
    const s = getComputedStyle(el);
    return { outline: s.outlineStyle === 'none' ? 'none' : `${s.outlineStyle} ${s.outlineWidth} ${s.outlineColor}`, shadow: s.boxShadow };
  });

/** Presses Tab until the keyboard is on the element matching `selector`. */
async function tabTo(page: Page, selector: string): Promise<void> {
  for (let i = 0; i < 40; i++) {
    if (await page.locator(selector).evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${selector}`);
}

describe('the keyboard in dialogs', () => {
  for (const [lang, theme] of [
    ['en', 'light'],
    ['el', 'dark'],
  ] as const) {
    it(`Add New User: first field focused, focus kept inside, a visible focus, Escape closes (${lang}, ${theme})`, async () => {
      const { context, page } = await signedIn({ lang, theme });
      await page.goto(server.url + '/admin/users');
      await page.getByTestId('list-title').waitFor();
      await page.getByTestId('list-title').locator('..').locator('button.MuiButton-contained').click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      // The first field takes the keyboard once the dialog has opened.
      await page.waitForFunction(() => document.activeElement?.matches('[role=dialog] input[name=name]'));
      await expectFocusTrapped(page);
      // A focused button draws a ring it has not otherwise (the Cancel button, reached by Tab).
      const cancel = '[role=dialog] .MuiToolbar-root button:not([type=submit])';
      await tabTo(page, cancel);
      const focused = await ring(page, cancel);
      await page.keyboard.press('Shift+Tab');
      const unfocused = await ring(page, cancel);
      expect(focused.outline !== 'none' || focused.shadow !== 'none', JSON.stringify(focused)).toBe(true);
      expect(focused).not.toEqual(unfocused);
      await shot(page, `keyboard-user-dialog-${lang}-${theme}`);
      // Nothing typed: Escape closes at once.
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await context.close();
    });
  }

  it('the approval confirmation of an invite: focus inside, kept inside, Escape closes and nothing happens', async () => {
    const { context, page } = await signedIn({ lang: 'en' });
    await page.goto(server.url + '/admin/invites');
    const row = page.locator('[data-testid=invite-row][data-status=submitted]');
    await row.getByRole('button', { name: 'Approve' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Ivy Invitee').waitFor();
    await page.waitForFunction(() => document.querySelector('[role=dialog]')?.contains(document.activeElement));
    await expectFocusTrapped(page);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await row.count()).toBe(1);
    await context.close();
  });
});

describe('the keyboard while the page is still loading', () => {
  for (const lang of ['en', 'el'] as const) {
    it(`a button focused before its tooltip arrives keeps the focus, and has its tooltip from the next time (${lang})`, async () => {
      const { context, page } = await signedIn({ lang });
      // The tooltip's code comes after the first paint: held back here until the keyboard is on the button.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/assets/Tooltip-*.js', async (route) => {
        await held;
        await route.continue();
      });
      // The users' list needs it too: the app bar is there without it.
      await page.goto(server.url + '/admin/users');
      const close = lang === 'en' ? 'Close menu' : 'Κλείσιμο μενού';
      const open = lang === 'en' ? 'Open menu' : 'Άνοιγμα μενού';
      const toggle = page.getByRole('button', { name: close });
      await toggle.waitFor();
      await toggle.focus();
      await page.evaluate(() => document.activeElement?.setAttribute('data-focused-before', ''));
      const arrived = page.waitForResponse((r) => /\/assets\/Tooltip-[^/]+\.js$/.test(r.url()));
      release();
      await arrived;
      // Two frames: React has rendered whatever the arrival changes.
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      expect(await page.evaluate(() => document.activeElement?.hasAttribute('data-focused-before') ?? false)).toBe(true);
      // Still the keyboard's: Enter closes the menu, and the button says what it now does.
      await page.keyboard.press('Enter');
      await page.getByRole('button', { name: open }).waitFor();
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(open);
      // Away and back: now inside the tooltip, which shows on keyboard focus. The app bar's other buttons come in a
      // chunk of their own, between the menu button and the side menu in the tab order: there first, or Shift+Tab
      // would stop on the last of them if they arrived in between.
      await page.locator('.RaUserMenu-userButton').waitFor();
      await page.keyboard.press('Tab');
      await page.keyboard.press('Shift+Tab');
      await page.getByRole('tooltip', { name: open }).waitFor();
      await context.close();
    });
  }
});

describe('a 390 x 844 phone', () => {
  for (const lang of ['en', 'el'] as const) {
    it(`shows invites, experiences and translations as compact lists without sideways scrolling (${lang})`, async () => {
      const { context, page } = await signedIn({ lang, width: 390 });
      const inView = async (loc: ReturnType<Page['locator']>) => {
        const box = await loc.boundingBox();
        expect(box, 'shown').not.toBeNull();
        expect(box!.x).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width).toBeLessThanOrEqual(390);
      };

      await page.goto(server.url + '/admin/invites');
      const invites = page.getByTestId('compact-list');
      await invites.waitFor();
      expect(await page.getByTestId('invites-table').count()).toBe(0);
      expect(await invites.getByTestId('invite-row').count()).toBe(3);
      // Who registered, and the decision buttons beside it, on screen.
      const submitted = invites.locator('[data-status=submitted]');
      await submitted.getByText('Ivy Invitee (ivy@example.com)').waitFor();
      await inView(submitted.getByRole('button', { name: lang === 'en' ? 'Approve' : 'Έγκριση' }));
      await inView(submitted.getByRole('button', { name: lang === 'en' ? 'Reject' : 'Απόρριψη' }));
      await inView(invites.getByText('someone.with.a.long.address@example.com'));
      expect(await overflowsSideways(page)).toBe(false);
      await shot(page, `phone-invites-${lang}`);

      await page.goto(server.url + '/admin/experiences');
      const experiences = page.getByTestId('compact-list');
      await experiences.getByText('Sunset sailing around the bay').waitFor();
      expect(await page.locator('table').count()).toBe(0);
      await inView(experiences.getByTestId('experience-thumb'));
      await inView(experiences.getByRole('button', { name: lang === 'en' ? 'Edit' : 'Επεξεργασία' }));
      await experiences.getByText('sea').first().waitFor();
      expect(await overflowsSideways(page)).toBe(false);
      await shot(page, `phone-experiences-${lang}`);

      await page.goto(server.url + '/admin/translations');
      const entry = page.getByTestId('entry-row').first();
      await entry.waitFor();
      // Stacked: no column headers, the key and its value each the width of the screen.
      expect(await page.locator('thead').isVisible()).toBe(false);
      await inView(entry.getByRole('textbox').first());
      await inView(entry.getByRole('textbox').last());
      expect(await overflowsSideways(page)).toBe(false);
      // The first screenful (the whole page is 769 stacked entries long).
      if (process.env.E2E_SHOTS) await page.screenshot({ path: `${process.env.E2E_SHOTS}/phone-translations-${lang}.png` });
      await context.close();
    });
  }

  it("deletes a user from the compact list by touch, after a confirmation; a mouse gets the buttons' tooltips", async () => {
    const made = await apiCall(server.url, admin.token, 'POST', '/api/auth/users', {
      name: 'Θεόδωρος Καραγιάννης',
      email: 'theodoros.karagiannis@example.com',
      password: 'phone-delete-pass-1',
    });
    expect(made.status).toBe(201);
    const { context, page } = await signedIn({ lang: 'en', width: 390 });
    await page.goto(server.url + '/admin/users');
    const row = page.getByTestId('compact-list').locator('li').filter({ hasText: 'theodoros.karagiannis@example.com' });
    await row.waitFor();
    const edit = row.getByRole('button', { name: 'Edit' });
    const remove = row.getByRole('button', { name: 'Delete' });
    await inViewport(page, edit);
    await inViewport(page, remove);
    await remove.tap();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Are you sure?').waitFor();
    // Cancel first: nothing is deleted.
    await dialog.getByRole('button', { name: 'No', exact: true }).tap();
    await dialog.waitFor({ state: 'detached' });
    expect((await apiCall(server.url, admin.token, 'GET', `/api/auth/users/${(made.body as { _id: string })._id}`)).status).toBe(200);
    await remove.tap();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes, Delete it!' }).tap();
    await row.waitFor({ state: 'detached' });
    expect((await apiCall(server.url, admin.token, 'GET', `/api/auth/users/${(made.body as { _id: string })._id}`)).status).toBe(404);
    await context.close();

    // A touch screen gets no tooltips on a row's buttons (their names are their own); a narrow window with a mouse does.
    const mouse = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
    await mouse.addInitScript((info) => localStorage.setItem('userInfo', JSON.stringify({ token: info.token, user: info.user })), admin);
    const narrow = await mouse.newPage();
    await narrow.goto(server.url + '/admin/users');
    await narrow.getByTestId('compact-list').locator('li').first().getByRole('button', { name: 'Edit' }).hover();
    await narrow.getByRole('tooltip', { name: 'Edit' }).waitFor();
    await mouse.close();
  });

  for (const lang of ['en', 'el'] as const) {
    it(`keeps a list's filters behind a Filters button that counts the set ones (${lang})`, async () => {
      const t =
        lang === 'en' ? { filters: 'Filters', blocked: 'Blocked', no: 'No' } : { filters: 'Φίλτρα', blocked: 'Αποκλεισμένος', no: 'Όχι' };
      const { context, page } = await signedIn({ lang, width: 390 });
      await page.goto(server.url + '/admin/users');
      await page.getByTestId('compact-list').waitFor();
      const toggle = page.getByTestId('filters-toggle');
      expect(await toggle.textContent()).toBe(t.filters);
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      expect(await page.getByTestId('list-filters').count()).toBe(0);
      // No column chooser (the compact list shows its first columns) and one pagination, under the records.
      expect(await page.locator('[data-testid=pagination-top]').count()).toBe(0);
      expect(await page.getByRole('button', { name: lang === 'en' ? 'Columns' : 'Στήλες' }).count()).toBe(0);

      // By keyboard: the button opens the panel, whose inputs come next in the tab order.
      await toggle.focus();
      await page.keyboard.press('Enter');
      const filters = page.getByTestId('list-filters');
      await filters.waitFor();
      expect(await toggle.getAttribute('aria-expanded')).toBe('true');
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[data-testid=list-filters]')))).toBe(true);
      await filters.getByRole('combobox', { name: t.blocked }).click();
      await page.getByRole('option', { name: t.no }).click();
      await expect.poll(() => toggle.textContent()).toBe(`${t.filters} (1)`);
      expect(JSON.parse(new URL(page.url()).searchParams.get('filter') ?? '{}')).toEqual({ blocked: false });
      expect(await overflowsSideways(page)).toBe(false);
      await expectAccessible(page);
      await shot(page, `phone-filters-${lang}`);

      // Closed, the count still says the list is filtered; a reload with a filter opens the panel.
      await toggle.click();
      await filters.waitFor({ state: 'detached' });
      expect(await toggle.textContent()).toBe(`${t.filters} (1)`);
      await page.reload();
      await page.getByTestId('list-filters').waitFor();
      expect(await page.getByTestId('filters-toggle').getAttribute('aria-expanded')).toBe('true');
      await context.close();
    });
  }

  it('opens the add dialog full screen with Save and Cancel on screen', async () => {
    const { context, page } = await signedIn({ lang: 'el', width: 390 });
    await page.goto(server.url + '/admin/users');
    await page.getByTestId('list-title').waitFor();
    await page.getByTestId('list-title').locator('..').locator('button.MuiButton-contained').click();
    const paper = page.getByRole('dialog');
    await paper.waitFor();
    expect(await paper.boundingBox()).toEqual({ x: 0, y: 0, width: 390, height: 844 });
    for (const button of [paper.locator('button[type=submit]'), paper.locator('.MuiToolbar-root button:not([type=submit])')]) {
      const box = await button.boundingBox();
      expect(box).not.toBeNull();
      expect(box!.y + box!.height).toBeLessThanOrEqual(844);
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    }
    expect(await overflowsSideways(page)).toBe(false);
    // Opened (its first field focused), not half-way through fading in.
    await page.waitForFunction(() => document.activeElement?.matches('[role=dialog] input'));
    await shot(page, 'phone-user-dialog-el');
    await context.close();
  });
});
