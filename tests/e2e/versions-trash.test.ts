import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startServer, type RunningServer } from './server';
import { expectToast, launchBrowser } from './browser';
import { expectAccessible, overflowsSideways } from './axe';
import { openUserEdit } from './user-edit';
import { apiCall, apiLogin, shot, visit, type Login } from './visit';

// A user's History: versions listed, two compared side by side, ticked
// fields of an old version restored after a confirmation; a list's Trash:
// a deleted user restored with a click. English and Greek, desktop and phone.

let server: RunningServer;
let browser: Browser;
let admin: Login;

type User = { _id: string; name: string; phone: string | null; bio: string | null };
const send = async (method: string, path: string, body?: unknown) => {
  const res = await apiCall(server.url, admin.token, method, path, body);
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body as User;
};
const person = (name: string) =>
  send('POST', '/api/auth/users', {
    name,
    email: `person.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.gr`,
    password: 'secret-pass-1',
  });

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  admin = await apiLogin(server.url, server.adminEmail, server.adminPassword);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const openEdit = (page: Page, name: string, editLabel: string) => openUserEdit(page, server.url, name, editLabel);

const texts = {
  en: {
    edit: 'Edit',
    history: 'History',
    restore1: 'Restore version 1',
    title: 'Restore version 1?',
    confirm: 'Restore the ticked fields',
    phone: 'Phone',
    done: 'Version 1 restored.',
    v2: 'Version 2',
    v3: 'Version 3',
  },
  el: {
    edit: 'Επεξεργασία',
    history: 'Ιστορικό',
    restore1: 'Επαναφορά της έκδοσης 1',
    title: 'Επαναφορά της έκδοσης 1;',
    confirm: 'Επαναφορά των επιλεγμένων πεδίων',
    phone: 'Τηλέφωνο',
    done: 'Η έκδοση 1 επανήλθε.',
    v2: 'Έκδοση 2',
    v3: 'Έκδοση 3',
  },
} as const;

describe('History', () => {
  for (const [lang, width, dark] of [
    ['en', 1280, false],
    ['el', 390, true],
  ] as const) {
    it(`compares two versions and restores ticked fields of an old one (${lang}, ${width}px${dark ? ', dark' : ''})`, async () => {
      const t = texts[lang];
      const name = lang === 'en' ? `Irene Vlachou ${Date.now() % 10000}` : `Ειρήνη Βλάχου ${Date.now() % 10000}`;
      const u = await person(name);
      await send('PUT', `/api/auth/users/${u._id}`, { phone: '+30 210 555 0101', bio: 'Joined the Patras office' });
      await send('PUT', `/api/auth/users/${u._id}`, { name: `${name} Jr`, phone: '+30 210 555 0202' });
      const { context, page } = await visit(browser, { login: admin, lang, width, dark });
      const dialog = await openEdit(page, `${name} Jr`, t.edit);
      await dialog.getByRole('button', { name: t.history }).click();
      const history = dialog.getByTestId('record-versions');
      await history.getByTestId('version-3').waitFor();
      const compare = history.getByTestId('version-compare');
      const rows = compare.locator('tbody tr');
      await expect.poll(() => rows.count()).toBe(2);
      expect(await compare.locator('thead th').allInnerTexts()).toEqual([lang === 'en' ? 'Field' : 'Πεδίο', t.v2, t.v3]);
      expect(await rows.first().locator('th, td').allInnerTexts()).toEqual([lang === 'en' ? 'Name' : 'Όνομα', name, `${name} Jr`]);
      expect(await overflowsSideways(page)).toBe(false);
      await expectAccessible(page, '[data-testid=record-versions]');
      await compare.scrollIntoViewIfNeeded();
      await shot(page, `history-${lang}-${width < 600 ? 'phone' : 'desktop'}`);

      await history.getByRole('button', { name: t.restore1 }).click();
      const confirm = page.getByRole('dialog', { name: t.title });
      await confirm.getByRole('checkbox', { name: t.phone }).waitFor();
      await expectAccessible(page, '[aria-labelledby=restore-version-title]');
      await shot(page, `history-restore-${lang}-${width < 600 ? 'phone' : 'desktop'}`);
      // Bring back the name and bio only: the phone stays as it is now.
      await confirm.getByRole('checkbox', { name: t.phone }).uncheck();
      await confirm.getByRole('button', { name: t.confirm }).click();
      await expectToast(page, t.done);
      await expect.poll(() => page.getByRole('dialog').locator('input[name=name]').inputValue()).toBe(name);
      const now = await send('GET', `/api/auth/users/${u._id}`);
      expect(now).toMatchObject({ name, phone: '+30 210 555 0202', bio: null });
      await history.getByTestId('version-4').waitFor();
      await context.close();
    });
  }
});

describe('Trash', () => {
  for (const [lang, width, dark] of [
    ['el', 390, false],
    ['en', 1280, true],
  ] as const) {
    it(`restores a deleted user from the list's trash (${lang}, ${width}px${dark ? ', dark' : ''})`, async () => {
      const name = lang === 'en' ? `Stavros Deleted ${Date.now() % 10000}` : `Σταύρος Διαγραμμένος ${Date.now() % 10000}`;
      const u = await person(name);
      await send('DELETE', `/api/auth/users/${u._id}`);
      const { context, page } = await visit(browser, { login: admin, lang, width, dark });
      await page.goto(`${server.url}/admin/users`);
      await page.getByTestId('open-trash').click();
      const trash = page.getByRole('dialog', { name: lang === 'en' ? 'Trash: Users' : 'Κάδος: Χρήστες' });
      const item = trash.getByTestId('trash-item').filter({ hasText: name });
      await item.waitFor();
      expect(await overflowsSideways(page)).toBe(false);
      await expectAccessible(page, '[aria-labelledby=trash-title]');
      await shot(page, `trash-${lang}-${width < 600 ? 'phone' : 'desktop'}`);
      await item.getByRole('button', { name: lang === 'en' ? `Restore ${name}` : `Επαναφορά: ${name}` }).click();
      await expectToast(page, lang === 'en' ? `${name} is back.` : `Επανήλθε: ${name}.`);
      await item.waitFor({ state: 'detached' });
      expect((await send('GET', `/api/auth/users/${u._id}`)).name).toBe(name);
      await context.close();
    });
  }

  it('deletes for good only after a confirmation', async () => {
    const name = `Purge Candidate ${Date.now() % 10000}`;
    const u = await person(name);
    await send('DELETE', `/api/auth/users/${u._id}`);
    const { context, page } = await visit(browser, { login: admin });
    await page.goto(`${server.url}/admin/users`);
    await page.getByTestId('open-trash').click();
    const item = page.getByTestId('trash-item').filter({ hasText: name });
    await item.getByRole('button', { name: `Delete for good: ${name}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete for good?' });
    await confirm.getByText('and all its versions will be deleted for good').waitFor();
    await confirm.getByRole('button', { name: 'Delete for good' }).click();
    await expectToast(page, `“${name}” was deleted for good.`);
    await item.waitFor({ state: 'detached' });
    const res = await apiCall(server.url, admin.token, 'POST', `/api/auth/users/${u._id}/restore`);
    expect(res.status).toBe(404);
    // The audit trail keeps the purge: the record is gone, so it is named by its id.
    await page.goto(`${server.url}/admin/audit-log`);
    const entry = page.getByTestId('audit-entry').filter({ hasText: u._id }).first();
    await entry.getByText('Deleted for good').waitFor();
    await shot(page, 'audit-purge-en-desktop');
    await context.close();
  });
});

describe('who else is editing', () => {
  it('each editor sees the other arrive and leave, live (English desktop, Greek phone)', async () => {
    const name = `Presence Target ${Date.now() % 10000}`;
    await person(name);
    const email = `katerina.${Date.now()}@example.gr`;
    const second = await send('POST', '/api/auth/users', { name: 'Katerina Second', email, password: 'secret-pass-1' });
    const roles = (await send('GET', '/api/auth/roles?limit=50')) as unknown as { data: { _id: string; name: string }[] };
    await send('POST', '/api/auth/user-roles', { user: second._id, role: roles.data.find((r) => r.name === 'Admin')?._id });
    const katerina = await apiLogin(server.url, email, 'secret-pass-1');
    const a = await visit(browser, { login: admin });
    const b = await visit(browser, { login: katerina, lang: 'el', width: 390, dark: true });
    await openEdit(a.page, name, 'Edit');
    const dialogB = await openEdit(b.page, name, 'Επεξεργασία');
    // A hears of B at once (the stream); B is told of A by its first heartbeat.
    await a.page
      .getByTestId('presence-line')
      .getByText(/^Also open by Katerina Second \(since \d\d:\d\d\)/)
      .waitFor();
    await b.page
      .getByTestId('presence-line')
      .getByText(/^Ανοιχτό επίσης από: Administrator \(από τις \d\d:\d\d\)/)
      .waitFor();
    await expectAccessible(a.page, '[data-testid=presence-line]');
    await expectAccessible(b.page, '[data-testid=presence-line]');
    expect(await overflowsSideways(b.page)).toBe(false);
    await shot(a.page, 'presence-en-desktop');
    await shot(b.page, 'presence-el-phone');
    await dialogB.getByRole('button', { name: 'Ακύρωση' }).click();
    await expect.poll(() => a.page.getByTestId('presence-line').innerText(), { timeout: 10_000 }).toBe('');
    await a.context.close();
    await b.context.close();
  });
});
