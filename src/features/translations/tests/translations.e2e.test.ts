import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Dialog, Page } from 'playwright-core';
import { startServer, type RunningServer, loginAdmin, type AdminLogin } from '../../../../tests/e2e/server';
import { closeToasts, expectToast, launchBrowser } from '../../../../tests/e2e/browser';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let login: AdminLogin;

/** Who answers each coming native dialog, in order (answerDialog). */
const dialogAnswers: ((d: Dialog) => void)[] = [];

/**
 * Answers the next native dialog (prompt/confirm/alert) and reports its text.
 * One page listener serves every dialog (beforeAll). With a listener added
 * by `once` per dialog, the page had none between dialogs, and on a busy
 * machine a dialog was found already handled when this answered it
 * ("Cannot accept dialog which is already handled"): Playwright handles a
 * dialog itself when the page has no listener.
 */
function answerDialog(value?: string): Promise<string> {
  return new Promise((resolve) => {
    dialogAnswers.push((d) => {
      resolve(d.message());
      void (d.type() === 'alert' || value === undefined ? d.accept() : d.accept(value));
    });
  });
}

/** The table row whose key input holds `key` (input values are not attributes, so read them). */
async function rowOf(key: string) {
  const keys = page.locator('input[aria-label="Key"]');
  await keys.first().waitFor();
  const values = await keys.evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
  const i = values.indexOf(key);
  if (i < 0) throw new Error(`No row for ${key}`);
  return page.locator('tbody tr').nth(i);
}

async function openEditor(lang: 'el' | 'en'): Promise<void> {
  await page.goto(server.url + '/admin/translations');
  await page.getByTestId('entry-count').waitFor();
  await page.getByRole('button', { name: lang.toUpperCase(), exact: true }).click();
  await page.getByRole('heading', { name: `Translations — ${lang.toUpperCase()}` }).waitFor();
  await page.getByTestId('entry-count').waitFor();
}

/** Filters the rows, waiting out the table's deferred filtering (a busy machine shows the old rows first). */
async function filter(text: string): Promise<void> {
  await page.getByRole('searchbox', { name: 'Filter keys and values' }).fill(text);
  if (text) await expect.poll(() => page.locator('input[aria-label="Key"]').first().inputValue(), { timeout: 30_000 }).toContain(text);
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  login = await loginAdmin(server);
  context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
  // Signed in, English UI, before any page script runs.
  await context.addInitScript((info) => {
    if (sessionStorage.getItem('e2e-init')) return;
    sessionStorage.setItem('e2e-init', '1');
    localStorage.setItem('userInfo', JSON.stringify({ token: info.token, user: info.user }));
    localStorage.setItem('role', JSON.stringify(info.role));
    localStorage.setItem('i18nextLng', 'en');
  }, login);
  page = await context.newPage();
  // A dialog no test expects is dismissed, as Playwright would.
  page.on('dialog', (d) => (dialogAnswers.shift() ?? ((x: Dialog) => void x.dismiss()))(d));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('translations editor in Chromium', () => {
  it('edits a Greek string, saves, generates, and the Greek admin shows it after a reload', async () => {
    await openEditor('el');
    await filter('app.menu.general');
    const value = (await rowOf('app.menu.general')).locator('textarea[aria-label="Value"]').first();
    await expect(value.inputValue()).resolves.toBe('Γενικά');
    await value.fill('Γενικά (δοκιμή)');
    await page.getByText('Unsaved changes').waitFor();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Translations saved successfully');

    await closeToasts(page);
    const confirm = answerDialog();
    await page.getByRole('button', { name: 'Generate Translations' }).click();
    expect(await confirm).toBe('Are you sure you want to regenerate translations?');
    await expectToast(page, 'Translations generated successfully');
    await expect(page.getByTestId('translation-times').textContent()).resolves.not.toMatch(/Last generated: never/);

    // The generated file is what the UI loads; no-cache means a reload sees it.
    const file = (await (await fetch(server.url + '/locales/el/translations.json')).json()) as { app: { menu: { general: string } } };
    expect(file.app.menu.general).toBe('Γενικά (δοκιμή)');
    await page.evaluate(() => localStorage.setItem('i18nextLng', 'el'));
    await page.goto(server.url + '/admin');
    await page.getByText('Γενικά (δοκιμή)').first().waitFor();
    await page.evaluate(() => localStorage.setItem('i18nextLng', 'en'));
  });

  it('adds a language, lists the keys it misses against en (the reference), adds them and saves', async () => {
    await page.goto(server.url + '/admin/translations');
    await page.getByTestId('entry-count').waitFor();
    const bad = answerDialog('not a code!');
    await page.getByRole('button', { name: 'Add New Language' }).click();
    expect(await bad).toBe('Enter new language code (e.g., el, gr, it, us):');
    await expectToast(page, /is not a language code/);

    const ok = answerDialog('IT');
    await page.getByRole('button', { name: 'Add New Language' }).click();
    await ok;
    await page.getByRole('heading', { name: 'Translations — IT' }).waitFor();
    const missing = page.getByTestId('missing-keys');
    await missing.filter({ hasText: /\d+ keys missing compared with EN/ }).waitFor();
    await missing.getByRole('button', { name: 'Add missing keys' }).click();
    await missing.filter({ hasText: 'No keys missing compared with EN.' }).waitFor();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Translations saved successfully');
    await page.getByRole('button', { name: 'IT', exact: true }).waitFor();
  });

  it('adds, deletes and sorts rows; blank keys are dropped on save', async () => {
    await openEditor('en');
    const before = Number(((await page.getByTestId('entry-count').textContent()) ?? '').split(' of ')[1]?.split(' ')[0]);
    await page.getByRole('button', { name: 'Add Row' }).click();
    await page.getByRole('button', { name: 'Add Row' }).click();
    const keys = page.locator('input[aria-label="Key"]');
    await keys.first().fill('zz.e2e.key');
    await page.locator('textarea[aria-label="Value"]').first().fill('E2E value');
    await page.getByRole('button', { name: 'Sort Entries' }).click();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Translations saved successfully');
    // One row was blank and went; the filled one stayed.
    await page
      .getByTestId('entry-count')
      .filter({ hasText: `${before + 1} of ${before + 1} entries` })
      .waitFor();
    await filter('zz.e2e');
    await (await rowOf('zz.e2e.key')).getByRole('button', { name: 'Delete row' }).click();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Translations saved successfully');
    await filter('');
    await page
      .getByTestId('entry-count')
      .filter({ hasText: `${before} of ${before} entries` })
      .waitFor();
  });

  it('parses raw JSON (flat or nested) and rejects invalid JSON', async () => {
    await openEditor('en');
    await page.getByRole('button', { name: 'Raw JSON' }).click();
    const raw = page.getByRole('textbox', { name: 'Raw JSON' });
    await raw.fill('{ "broken": ');
    const alert = answerDialog();
    await page.getByRole('button', { name: 'Parse Raw JSON' }).click();
    expect(await alert).toBe('Invalid JSON');
    await raw.fill(JSON.stringify({ a: { b: 'nested' }, 'c.d': 'flat' }));
    await page.getByRole('button', { name: 'Parse Raw JSON' }).click();
    await page.getByTestId('entry-count').filter({ hasText: '2 of 2 entries' }).waitFor();
    await expect((await rowOf('a.b')).locator('textarea[aria-label="Value"]').first().inputValue()).resolves.toBe('nested');
    // Leaving without saving asks first; staying keeps the edit.
    const discard = answerDialog();
    await page.getByRole('button', { name: 'EL', exact: true }).click();
    expect(await discard).toBe('You have unsaved changes. Discard them?');
    await page.getByRole('heading', { name: 'Translations — EL' }).waitFor();
  });
});
