import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { startServer, loginAdmin, type RunningServer, type AdminLogin } from './server';
import { dayFieldText, expectToast, isoDay, launchBrowser, typeDay, utcDay, waitForTitle } from './browser';
import { formatDate } from '../../src/core/web/dates';
import { expectAccessible } from './axe';

/** The dashboard and the generated list's tools in Chromium: filters, sort, export, columns, row click, bulk delete. */
let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let admin: AdminLogin;

const PEOPLE = [
  { name: 'Alma Blocked', email: 'alma@example.com', blocked: true },
  { name: 'Cleo Blocked', email: 'cleo@example.com', blocked: true },
  { name: 'Bea Open', email: 'bea@example.com', blocked: false },
  { name: 'Dora Unconfirmed', email: 'dora@example.com', blocked: false, confirmed: false },
];

/** The server counts new users per UTC day. */
const today = () => new Date().toISOString().slice(0, 10);
const two = (n: number) => String(n).padStart(2, '0');
const shownDay = (d: Date) => `${two(d.getDate())}/${two(d.getMonth() + 1)}/${d.getFullYear()}`;
const filterParam = () => JSON.parse(new URL(page.url()).searchParams.get('filter') ?? '{}') as unknown;
const rowTexts = async () => (await page.locator('tbody tr').allInnerTexts()).map((t) => t.replace(/\s+/g, ' '));
const names = async () => (await rowTexts()).map((t) => PEOPLE.find((p) => t.includes(p.email))?.name ?? 'admin');

async function signedInAt(path: string, lang = 'en'): Promise<void> {
  await page.goto(server.url + '/');
  await page.evaluate(
    ([info, lng]) => {
      localStorage.setItem('userInfo', JSON.stringify(info));
      localStorage.setItem('i18nextLng', lng);
    },
    [admin, lang] as const,
  );
  await page.goto(server.url + path);
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US', acceptDownloads: true });
  page = await context.newPage();
  admin = await loginAdmin(server);
  for (const p of PEOPLE) {
    const res = await fetch(server.url + '/api/auth/users', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${admin.token}` },
      body: JSON.stringify({ ...p, password: 'secret-pass-1' }),
    });
    if (res.status !== 201) throw new Error(`create ${p.email}: ${res.status}`);
  }
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('dashboard in Chromium', () => {
  it('counts what the admin may read, links each count to its list, and charts new users with a text alternative', async () => {
    await signedInAt('/admin');
    await page.getByRole('heading', { name: 'Welcome, Administrator' }).waitFor();
    const users = page.getByTestId('dashboard-counts').getByRole('link', { name: 'Users: 5', exact: true });
    await users.waitFor();
    await page.getByTestId('dashboard-counts').getByRole('link', { name: 'Roles: 3', exact: true }).waitFor();
    const chart = page.getByRole('img', { name: /^New users per day, last 30 days: 5 new users in the last 30 days; most on / });
    await chart.waitFor();
    // The figures behind the bars, for screen readers: 30 days, today's five.
    const rows = page.getByTestId('dashboard-chart').locator('tbody tr');
    expect(await rows.count()).toBe(30);
    expect(await rows.last().locator('td').last().textContent()).toBe('5');
    // Hidden, they take no room: the page ends with its footer (the hidden table once ran 500 px past it).
    const ends = await page.evaluate(() => ({
      page: document.documentElement.scrollHeight,
      footer: Math.ceil((document.querySelector('footer')?.getBoundingClientRect().bottom ?? 0) + window.scrollY),
    }));
    expect(ends.page).toBeLessThanOrEqual(ends.footer + 1);
    // Days in the product's one date format, not ISO: in the table and under the bars.
    expect(await rows.last().locator('td').first().textContent()).toBe(formatDate(`${today()}T00:00:00`, 'en'));
    expect(await page.getByTestId('dashboard-chart').locator('svg text').last().textContent()).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}$/);
    await page.getByTestId('dashboard-pending').getByText('0', { exact: true }).waitFor();
    await page.getByTestId('dashboard-notifications').getByText('No notifications.').waitFor();
    await page.getByTestId('dashboard-pending').getByRole('link', { name: 'Review registrations' }).click();
    await page.waitForURL(/\/admin\/invites$/);
    await page.goBack();
    await users.click();
    await waitForTitle(page, 'Users (5)');
  });

  it('speaks Greek', async () => {
    await signedInAt('/admin', 'el');
    await page.getByRole('heading', { name: 'Καλώς ήρθατε, Administrator' }).waitFor();
    await page.getByRole('img', { name: /^Νέοι χρήστες ανά ημέρα, τελευταίες 30 ημέρες: 5 νέοι χρήστες/ }).waitFor();
    const day = formatDate(`${today()}T00:00:00`, 'el');
    expect(day).toMatch(/^\d{1,2} [Α-Ωα-ωάέήίόύώ]{3} \d{4}$/);
    expect(await page.getByTestId('dashboard-chart').locator('tbody tr').last().locator('td').first().textContent()).toBe(day);
    expect(await page.getByTestId('dashboard-chart').locator('svg text').last().textContent()).toBe(day);
    await page.getByTestId('dashboard-counts').getByRole('link', { name: 'Χρήστες: 5', exact: true }).waitFor();
    await page.getByText('Εγγραφές σε αναμονή έγκρισης').waitFor();
  });
});

describe('list tools in Chromium', () => {
  it('filters by a boolean next to the search box, keeps it in the URL across a reload', async () => {
    await signedInAt('/admin/users');
    await waitForTitle(page, 'Users (5)');
    const filters = page.getByTestId('list-filters');
    await filters.getByRole('combobox', { name: 'Blocked' }).click();
    await page.getByRole('option', { name: 'Yes' }).click();
    await waitForTitle(page, 'Users (2)');
    expect(JSON.parse(new URL(page.url()).searchParams.get('filter') ?? '{}')).toEqual({ blocked: true });
    await page.reload();
    await waitForTitle(page, 'Users (2)');
    // The title follows the list at once; its rows are drawn just after (DeferredRows).
    await expect.poll(async () => (await names()).sort()).toEqual(['Alma Blocked', 'Cleo Blocked']);
  });

  it('sorts by clicking a declared sortable header, and not by others', async () => {
    await page.getByRole('button', { name: 'Name' }).click();
    await page.waitForFunction(() => new URL(location.href).searchParams.get('sort') === 'name');
    await expect.poll(names).toEqual(['Alma Blocked', 'Cleo Blocked']);
    await page.getByRole('button', { name: 'Name' }).click();
    await expect.poll(names).toEqual(['Cleo Blocked', 'Alma Blocked']);
    // 'Confirmed' is not declared sortable: its header is plain text.
    expect(await page.locator('thead').getByRole('button', { name: 'Confirmed' }).count()).toBe(0);
  });

  it('exports the current search and filters as CSV from the server', async () => {
    const asked = page.waitForRequest((r) => r.url().includes('/api/auth/users/export.csv'));
    const downloaded = page.waitForEvent('download');
    await page.getByTestId('export-csv').click();
    const url = new URL((await asked).url());
    expect(Object.fromEntries(url.searchParams)).toEqual({ blocked: 'true', sort: 'name', order: 'DESC' });
    const file = await downloaded;
    expect(file.suggestedFilename()).toBe('users.csv');
    const csv = (await readFile((await file.path()) as string, 'utf8')).replace(/^\uFEFF/, '');
    const lines = csv.split('\r\n').filter(Boolean);
    expect(lines[0]).toBe('createdAt,name,email,confirmed,blocked,image,phone,address,bio');
    expect(lines.slice(1).map((l) => l.split(',')[1])).toEqual(['Cleo Blocked', 'Alma Blocked']);
  });

  it('hides a column from the chooser and remembers it after a reload', async () => {
    const chooser = page.locator('.MuiPopover-paper').filter({ hasText: 'Joined Date' });
    await page.getByRole('button', { name: 'Columns' }).click();
    await chooser.getByLabel('Email', { exact: true }).click();
    await page.keyboard.press('Escape');
    await chooser.waitFor({ state: 'detached' });
    await expect.poll(() => page.locator('thead').getByText('Email').count()).toBe(0);
    await page.reload();
    await waitForTitle(page, 'Users (2)');
    expect(await page.locator('thead').getByText('Email').count()).toBe(0);
    await page.getByRole('button', { name: 'Columns' }).click();
    await chooser.getByLabel('Email', { exact: true }).click();
    await page.keyboard.press('Escape');
    await chooser.waitFor({ state: 'detached' });
    await page.locator('thead').getByText('Email').waitFor();
  });

  it('opens a record by clicking its row', async () => {
    await page.locator('tbody tr').filter({ hasText: 'Alma Blocked' }).locator('td').nth(2).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Edit User').waitFor();
    expect(await dialog.locator('input[name=name]').inputValue()).toBe('Alma Blocked');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('deletes the selected rows after confirming; one cannot select oneself', async () => {
    await signedInAt(`/admin/users?filter=${encodeURIComponent('{"blocked":true}')}`);
    await waitForTitle(page, 'Users (2)');
    await page.getByRole('checkbox', { name: 'Select all' }).check();
    await page.getByText('2 items selected').waitFor();
    await page.locator('[data-test="bulk-actions-toolbar"]').getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog');
    await confirm.getByText('Are you sure you want to delete these 2 items?').waitFor();
    // One request for both rows (DELETE {api}?ids=), not one per row.
    const deletes: string[] = [];
    const onRequest = (r: Request) => {
      if (r.method() === 'DELETE') deletes.push(new URL(r.url()).pathname);
    };
    page.on('request', onRequest);
    // Double-clicked, as an impatient user does: still one request.
    await confirm.getByRole('button', { name: 'Confirm' }).dblclick();
    await expectToast(page, '2 elements deleted');
    page.off('request', onRequest);
    expect(deletes).toEqual(['/api/auth/users']);
    await waitForTitle(page, 'Users (0)');
    // The signed-in admin's own row cannot be selected.
    await page.goto(server.url + '/admin/users?filter=%7B%7D');
    await waitForTitle(page, 'Users (3)');
    const own = page.locator('tbody tr').filter({ hasText: 'admin@example.com' });
    expect(await own.getByRole('checkbox').isDisabled()).toBe(true);
  });

  it("filters by days typed in the interface language, not the browser's: Greek day/month/year, kept in the URL", async () => {
    // The three users the bulk delete left, all created today.
    await signedInAt('/admin/users', 'el');
    await waitForTitle(page, 'Χρήστες (3)');
    const filters = page.getByTestId('list-filters');
    await filters.getByRole('combobox', { name: 'Αποκλεισμένος' }).waitFor();
    await page.getByRole('button', { name: 'Εξαγωγή' }).waitFor();
    const from = filters.getByRole('group', { name: 'Ημερομηνία εγγραφής από' });
    const to = filters.getByRole('group', { name: 'Ημερομηνία εγγραφής έως' });
    // This browser is en-US: a native date input would read mm/dd/yyyy here.
    await expect.poll(() => dayFieldText(from)).toBe('ΗΗ/ΜΜ/ΕΕΕΕ');
    expect(await dayFieldText(to)).toBe('ΗΗ/ΜΜ/ΕΕΕΕ');

    await typeDay(from, utcDay(1));
    await waitForTitle(page, 'Χρήστες (0)');
    await expect.poll(filterParam).toEqual({ createdAt_gte: isoDay(utcDay(1)) });
    await typeDay(from, utcDay(0));
    await waitForTitle(page, 'Χρήστες (3)');
    await typeDay(to, utcDay(-1));
    await waitForTitle(page, 'Χρήστες (0)');
    await expect.poll(filterParam).toEqual({ createdAt_gte: isoDay(utcDay(0)), createdAt_lte: isoDay(utcDay(-1)) });

    // A reload shows the days from the URL, as typed.
    await page.reload();
    await waitForTitle(page, 'Χρήστες (0)');
    await expect.poll(() => dayFieldText(from)).toBe(shownDay(utcDay(0)));
    expect(await dayFieldText(to)).toBe(shownDay(utcDay(-1)));

    // Emptying a field drops its filter.
    await to.getByRole('spinbutton').first().click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.press('Backspace');
    await waitForTitle(page, 'Χρήστες (3)');
    await expect.poll(filterParam).toEqual({ createdAt_gte: isoDay(utcDay(0)) });

    // The calendar speaks Greek too, works by keyboard and passes axe; its Clear empties the field.
    await filters.getByRole('button', { name: /^Επιλέξτε ημερομηνία, η επιλεγμένη ημερομηνία είναι/ }).click();
    const calendar = page.getByRole('dialog');
    const months = [
      'Ιανουάριος',
      'Φεβρουάριος',
      'Μάρτιος',
      'Απρίλιος',
      'Μάιος',
      'Ιούνιος',
      'Ιούλιος',
      'Αύγουστος',
      'Σεπτέμβριος',
      'Οκτώβριος',
      'Νοέμβριος',
      'Δεκέμβριος',
    ];
    await calendar.getByText(`${months[utcDay(0).getMonth()]} ${utcDay(0).getFullYear()}`).waitFor();
    await expectAccessible(page, '[role=dialog]');
    await calendar.getByRole('button', { name: 'Καθαρισμός' }).click();
    await expect.poll(filterParam).toEqual({});
    await waitForTitle(page, 'Χρήστες (3)');
    expect(await dayFieldText(from)).toBe('ΗΗ/ΜΜ/ΕΕΕΕ');
  });
});

describe('a full page of records on a phone', () => {
  type Watched = { shifts: number[] };
  it('draws them without moving anything in view, and nothing keeps animating once they are there', async () => {
    // A retry adds its own 30: the page shows 25 either way. This is the file's last test: no count after it changes.
    const run = Date.now();
    for (let i = 1; i <= 30; i++) {
      const res = await fetch(server.url + '/api/auth/users', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${admin.token}` },
        body: JSON.stringify({ name: `Φοίβη Phone ${i}`, email: `phone${i}.${run}@example.com`, password: 'secret-pass-1' }),
      });
      expect(res.status).toBe(201);
    }
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'en-US' });
    await phone.addInitScript((info) => {
      localStorage.setItem('userInfo', JSON.stringify(info));
      const watched: Watched = { shifts: [] };
      (window as unknown as { watched: Watched }).watched = watched;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
          if (!e.hadRecentInput) watched.shifts.push(e.value);
      }).observe({ type: 'layout-shift', buffered: true });
    }, admin);
    try {
      const p = await phone.newPage();
      await p.goto(server.url + '/admin/users');
      // A page holds 25 records (the lists' page size).
      await expect.poll(() => p.getByTestId('compact-list').locator('li').count(), { timeout: 20000 }).toBe(25);
      await p.getByTestId('pagination-bottom').waitFor();
      await p.getByRole('progressbar').first().waitFor({ state: 'detached' });
      // The app bar's buttons come last, after the first paint.
      await p.getByRole('button', { name: /^Notifications/ }).waitFor();
      const shifts = await p.evaluate(() => (window as unknown as { watched: Watched }).watched.shifts);
      // Under 0.02 in all, the page's whole load: the records arriving pushed the footer down through the view (0.064).
      expect.soft(shifts.reduce((a, b) => a + b, 0)).toBeLessThan(0.02);
      // A loading bar kept in the page while hidden went on animating, restyling the page every frame.
      const endless = await p.evaluate(() =>
        document
          .getAnimations()
          .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations === Infinity)
          .map((a) => (a.effect as KeyframeEffect | null)?.target?.className ?? '?'),
      );
      expect(endless).toEqual([]);
    } finally {
      await phone.close();
    }
  });
});
