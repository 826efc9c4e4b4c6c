import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startServer, loginAdmin, type RunningServer, type AdminLogin } from '../../../../tests/e2e/server';
import { launchBrowser } from '../../../../tests/e2e/browser';
import { expectAccessible, overflowsSideways } from '../../../../tests/e2e/axe';
import { apiCall, apiLogin, shot, visit, type Login } from '../../../../tests/e2e/visit';

// A key's history in Chromium: a translator (who may save translations, not
// read the audit log) opens a key's history: who changed it, when, from what to what.
let server: RunningServer;
let browser: Browser;
let admin: AdminLogin;
let translator: Login;
const KEY = 'app.e2e_history';
const TRANSLATOR = 'translator.history@example.com';

type Row = { _id: string; method?: string; route?: string; path?: string };
const all = async (path: string): Promise<Row[]> =>
  ((await apiCall(server.url, admin.token, 'GET', `${path}?limit=100000`)).body as { data: Row[] }).data;

async function saveEl(token: string, patch: Record<string, string>) {
  const read = await apiCall(server.url, token, 'POST', '/api/auth/translations', { lang: 'el' });
  const { entries } = (read.body as { translation: { data: { entries: Record<string, string> } } }).translation.data;
  const res = await apiCall(server.url, token, 'PUT', '/api/auth/translations', {
    lang: 'el',
    data: { entries: { ...entries, ...patch } },
  });
  expect(res.status).toBe(200);
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  admin = await loginAdmin(server);
  const perms = await all('/api/auth/permissions');
  const menu = await all('/api/auth/client-permissions');
  const calls = [
    ['POST', '/api/auth/translations'],
    ['PUT', '/api/auth/translations'],
    ['GET', '/api/auth/translations/entries'],
  ];
  const role = await apiCall(server.url, admin.token, 'POST', '/api/auth/roles', {
    name: 'Translator',
    type: 'user',
    description: 'Edits translations',
    permission: calls.map(([m, r]) => perms.find((p) => p.method === m && p.route === r)!._id),
    clientPermission: [menu.find((c) => c.path === '/translations')!._id],
  });
  expect(role.status).toBe(201);
  const user = await apiCall(server.url, admin.token, 'POST', '/api/auth/users', {
    name: 'Tina Translator',
    email: TRANSLATOR,
    password: 'secret-pass-1',
  });
  const link = await apiCall(server.url, admin.token, 'POST', '/api/auth/user-roles', {
    user: (user.body as Row)._id,
    role: (role.body as Row)._id,
  });
  expect(link.status).toBe(201);
  translator = await apiLogin(server.url, TRANSLATOR, 'secret-pass-1');
  // Two saves of the key: the admin adds it, the translator changes it.
  await saveEl(admin.token, { [KEY]: 'Πρώτο κείμενο' });
  await saveEl(translator.token, { [KEY]: 'Δεύτερο κείμενο' });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function openEl(login: Login, lang: 'en' | 'el' = 'en', width = 1280): Promise<Page> {
  const { page } = await visit(browser, { login, lang, width });
  await page.goto(server.url + '/admin/translations');
  await page.getByTestId('entry-count').waitFor();
  await page.getByRole('button', { name: 'EL', exact: true }).click();
  await page.getByRole('heading', { name: /— EL$/ }).waitFor();
  await page.getByRole('searchbox').fill(KEY);
  await page.getByTestId('entry-count').filter({ hasText: /^1 / }).waitFor();
  return page;
}

describe("a translation key's history", () => {
  it('a translator sees who changed the key, when, from what to what; keyboard opens and closes it', async () => {
    const page = await openEl(translator);
    const button = page.getByRole('button', { name: `History: ${KEY}` });
    await button.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `History of ${KEY}` });
    await dialog.waitFor();
    const changes = dialog.getByTestId('key-change');
    await changes.first().waitFor();
    expect(await changes.count()).toBe(2);
    // Newest first: the translator's change, then the admin's addition.
    const newest = changes.nth(0);
    await expect(newest.textContent()).resolves.toContain(TRANSLATOR);
    await expect(newest.getByTestId('change-before').textContent()).resolves.toBe('Πρώτο κείμενο');
    await expect(newest.getByTestId('change-after').textContent()).resolves.toBe('Δεύτερο κείμενο');
    const oldest = changes.nth(1);
    await expect(oldest.textContent()).resolves.toContain(server.adminEmail);
    await expect(oldest.getByTestId('change-before').textContent()).resolves.toBe('(none)');
    await expect(oldest.getByTestId('change-after').textContent()).resolves.toBe('Πρώτο κείμενο');
    // The product's date-time format (en: '25 Nov 2026, 14:05').
    await expect(newest.locator('p').first().textContent()).resolves.toMatch(/ · \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/);
    await expectAccessible(page, '[role=dialog]');
    await shot(page, 'key-history-en-desktop');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    // Focus goes back to the button that opened it.
    await expect(page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).resolves.toBe(`History: ${KEY}`);
  });

  it('shows the empty state for a key nobody changed, and an error with a retry that works', async () => {
    const page = await openEl(admin);
    await page.getByRole('searchbox').fill('ra.action.save');
    await page.getByRole('button', { name: 'History: ra.action.save' }).click();
    await page.getByRole('dialog').getByText('No recorded changes of this key.').waitFor();
    await page.getByRole('button', { name: 'Close' }).click();

    let fail = true;
    await page.route('**/api/auth/translations/history?**', (route) =>
      fail ? route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"away"}' }) : route.continue(),
    );
    await page.getByRole('searchbox').fill(KEY);
    await page.getByRole('button', { name: `History: ${KEY}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('The history could not be loaded.').waitFor();
    fail = false;
    await dialog.getByRole('button', { name: 'Try again' }).click();
    await dialog.getByTestId('key-change').first().waitFor();
    expect(await dialog.getByTestId('key-change').count()).toBe(2);
  });

  it('no History button for whoever may not save translations', async () => {
    const perms = await all('/api/auth/permissions');
    const menu = await all('/api/auth/client-permissions');
    const role = await apiCall(server.url, admin.token, 'POST', '/api/auth/roles', {
      name: 'Translation Reader',
      type: 'user',
      description: 'Reads translations',
      permission: [
        ['POST', '/api/auth/translations'],
        ['GET', '/api/auth/translations/entries'],
      ].map(([m, r]) => perms.find((p) => p.method === m && p.route === r)!._id),
      clientPermission: [menu.find((c) => c.path === '/translations')!._id],
    });
    const user = await apiCall(server.url, admin.token, 'POST', '/api/auth/users', {
      name: 'Rita Reader',
      email: 'reader.history@example.com',
      password: 'secret-pass-1',
    });
    await apiCall(server.url, admin.token, 'POST', '/api/auth/user-roles', { user: (user.body as Row)._id, role: (role.body as Row)._id });
    const page = await openEl(await apiLogin(server.url, 'reader.history@example.com', 'secret-pass-1'));
    await page.locator('input[aria-label="Key"]').first().waitFor();
    expect(await page.getByRole('button', { name: /^History: / }).count()).toBe(0);
  });

  it('reads in Greek and fits a 390 px phone', async () => {
    for (const [width, lang] of [
      [1280, 'el'],
      [390, 'en'],
      [390, 'el'],
    ] as const) {
      const page = await openEl(translator, lang, width);
      await page.getByRole('button', { name: lang === 'el' ? `Ιστορικό: ${KEY}` : `History: ${KEY}` }).click();
      const dialog = page.getByRole('dialog', { name: lang === 'el' ? `Ιστορικό του ${KEY}` : `History of ${KEY}` });
      await dialog.getByTestId('key-change').first().waitFor();
      if (lang === 'el') {
        await dialog.getByText('(κανένα)').waitFor();
        await expect(dialog.getByTestId('key-change').first().textContent()).resolves.toMatch(/\d{4}, \d{1,2}:\d{2} [πμ]\.μ\./);
      }
      expect(await overflowsSideways(page), `${width} ${lang}`).toBe(false);
      await expectAccessible(page, '[role=dialog]');
      await shot(page, `key-history-${lang}-${width === 390 ? 'phone' : 'desktop'}`);
      await page.context().close();
    }
  });
});
