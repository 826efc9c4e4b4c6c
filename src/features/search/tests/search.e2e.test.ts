import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startServer, type RunningServer } from '../../../../tests/e2e/server';
import { launchBrowser } from '../../../../tests/e2e/browser';
import { expectAccessible, overflowsSideways } from '../../../../tests/e2e/axe';
import { apiCall, apiLogin, shot, visit, type Login } from '../../../../tests/e2e/visit';

let server: RunningServer;
let browser: Browser;
let admin: Login;
const ids: Record<string, string> = {};

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  admin = await apiLogin(server.url, server.adminEmail, server.adminPassword);
  const made = await apiCall(server.url, admin.token, 'POST', '/api/auth/users', {
    name: 'Maria Papadopoulou',
    email: 'maria.papadopoulou@example.com',
    password: 'secret-pass-1',
  });
  expect(made.status).toBe(201);
  ids.maria = (made.body as { _id: string })._id;
  expect(
    (
      await apiCall(server.url, admin.token, 'POST', '/api/auth/users', {
        name: 'Ελένη Παπαδοπούλου',
        email: 'eleni.p@example.gr',
        password: 'secret-pass-1',
      })
    ).status,
  ).toBe(201);
  // More Marias than a group lists: the palette offers the whole list.
  for (const n of ['Anastasia', 'Eleni', 'Sofia', 'Katerina', 'Ioanna', 'Georgia'])
    expect(
      (
        await apiCall(server.url, admin.token, 'POST', '/api/auth/users', {
          name: `${n} Maria`,
          email: `${n.toLowerCase()}.maria@example.com`,
          password: 'secret-pass-1',
        })
      ).status,
    ).toBe(201);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const palette = (page: Page, name: string) => page.getByRole('dialog', { name });

describe('the search palette', () => {
  it('opens with Ctrl+K, finds a person by a part of her e-mail and opens her record with the keyboard', async () => {
    const { context, page } = await visit(browser, { login: admin });
    await page.goto(server.url + '/admin');
    await page.getByRole('button', { name: 'Search everywhere' }).waitFor();
    await page.keyboard.press('Control+k');
    const dialog = palette(page, 'Search and go');
    const box = dialog.getByRole('combobox', { name: 'Search records, screens and actions' });
    await expect.poll(() => box.evaluate((el) => el === document.activeElement)).toBe(true);
    // Empty: actions and screens to choose from.
    await dialog.getByRole('option', { name: 'Add New User', exact: true }).waitFor();
    await box.pressSequentially('papadopoulou@');
    // The same person is also a profile (a projection of the users table): each list is its own group.
    const found = dialog.getByRole('group', { name: 'Users' }).getByRole('option', { name: /Maria Papadopoulou/ });
    await found.waitFor();
    await expect.poll(() => found.locator('mark').textContent()).toBe('papadopoulou@');
    await expectAccessible(page, '[role=dialog]');
    await shot(page, 'search-palette-en-desktop');
    // The first option is highlighted: Enter opens it.
    expect(await box.getAttribute('aria-activedescendant')).toBe(await found.getAttribute('id'));
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === '/admin/users' && !u.search.includes('open='));
    const form = page.getByRole('dialog', { name: 'Edit User' });
    await expect.poll(() => form.getByLabel('Name', { exact: true }).inputValue()).toBe('Maria Papadopoulou');
    await form.getByRole('button', { name: 'Cancel' }).click();

    // Again from the app bar's button: what was chosen comes first, and a group offers its whole list.
    await page.getByRole('button', { name: 'Search everywhere' }).click();
    const again = palette(page, 'Search and go');
    const recent = again.getByRole('option').first();
    await expect.poll(() => recent.textContent()).toContain('Maria Papadopoulou');
    await again.getByRole('combobox').pressSequentially('maria');
    const all = again.getByRole('option', { name: /^See all in Users \(\d+\)$/ });
    await all.waitFor();
    const total = (await all.textContent())?.match(/\((\d+)\)/)?.[1];
    expect(Number(total)).toBeGreaterThanOrEqual(7);
    await all.click();
    await page.waitForURL((u) => u.pathname === '/admin/users' && u.search.includes('maria'));
    await expect.poll(() => page.getByPlaceholder('Search by email').inputValue()).toBe('maria');
    await expect.poll(() => page.getByTestId('list-title').textContent()).toContain(`(${total})`);
    await context.close();
  });

  it('opens an action, and closes with Escape without going anywhere', async () => {
    const { context, page } = await visit(browser, { login: admin });
    await page.goto(server.url + '/admin/roles');
    await page.getByRole('button', { name: 'Search everywhere' }).click();
    const dialog = palette(page, 'Search and go');
    await dialog.getByRole('combobox').pressSequentially('add new exp');
    await dialog.getByRole('option', { name: 'Add New Experience' }).click();
    await page.waitForURL((u) => u.pathname === '/admin/experiences/new');
    await page.keyboard.press('Control+k');
    await palette(page, 'Search and go').waitFor();
    await page.keyboard.press('Escape');
    await palette(page, 'Search and go').waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/admin/experiences/new');
    await context.close();
  });

  it('in Greek on a phone, dark: finds a screen typed without accents, fits 390 px and passes axe', async () => {
    const { context, page } = await visit(browser, { login: admin, lang: 'el', width: 390, dark: true });
    await page.goto(server.url + '/admin');
    await page.getByRole('button', { name: 'Αναζήτηση παντού' }).click();
    const dialog = palette(page, 'Αναζήτηση και μετάβαση');
    await dialog.getByRole('combobox').pressSequentially('χρηστες');
    const screen = dialog.getByRole('option', { name: 'Χρήστες', exact: true });
    await screen.waitFor();
    expect(await overflowsSideways(page)).toBe(false);
    await expectAccessible(page, '[role=dialog]');
    await shot(page, 'search-palette-el-phone');
    // Typed without accents, found with them.
    await dialog.getByRole('combobox').fill('ελενη παπαδ');
    const person = dialog.getByRole('group', { name: 'Χρήστες' }).getByRole('option', { name: /Ελένη Παπαδοπούλου/ });
    await person.waitFor();
    await expect.poll(() => person.locator('mark').textContent()).toBe('Ελένη Παπαδ');
    // The marked characters too: the dark theme's light orange under its white text was 1.7:1.
    await expectAccessible(page, '[role=dialog]');
    await dialog.getByRole('combobox').fill('zzqxnothing');
    await dialog.getByText('Δεν βρέθηκε τίποτα').waitFor();
    await dialog.getByRole('combobox').fill('χρηστες');
    await screen.click();
    await page.waitForURL((u) => u.pathname === '/admin/users');
    await context.close();
  });
});
