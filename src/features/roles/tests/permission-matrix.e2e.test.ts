import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startServer, type RunningServer } from '../../../../tests/e2e/server';
import { closeToasts, expectToast, launchBrowser } from '../../../../tests/e2e/browser';
import { expectAccessible, overflowsSideways } from '../../../../tests/e2e/axe';
import { apiCall, apiLogin, shot, visit, type Login } from '../../../../tests/e2e/visit';

let server: RunningServer;
let browser: Browser;
let admin: Login;

interface Role {
  _id: string;
  name: string;
  permission: { _id: string }[];
  clientPermission: { _id: string }[];
}

const role = async (name: string): Promise<Role> => {
  const res = await apiCall(server.url, admin.token, 'GET', '/api/auth/roles?limit=100');
  return (res.body as { data: Role[] }).data.find((r) => r.name === name)!;
};
let routeById = new Map<string, string>();
const routesOf = (r: Role) => r.permission.map((p) => routeById.get(p._id)).sort();

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  admin = await apiLogin(server.url, server.adminEmail, server.adminPassword);
  const perms = await apiCall(server.url, admin.token, 'GET', '/api/auth/permissions?limit=10000');
  const list = (perms.body as { data: { _id: string; method: string; route: string }[] }).data;
  routeById = new Map(list.map((p) => [p._id, `${p.method} ${p.route}`]));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('permission matrix', () => {
  it('ticks one permission, a whole resource, and copies a role; Save writes them', async () => {
    const { context, page } = await visit(browser, { login: admin });
    await page.goto(server.url + '/admin/roles');
    await page.getByRole('link', { name: 'Permission matrix' }).click();
    const frame = page.getByRole('region', { name: 'API permissions' });
    await frame.waitFor();
    // Roles are the columns; superadmin roles have none.
    await frame.getByRole('columnheader', { name: /^Admin/ }).waitFor();
    expect(await frame.getByRole('columnheader', { name: /Super Admin/ }).count()).toBe(0);
    // The side menu is the layout's (its ARIA roles are left to the admin UX work).
    await expectAccessible(page, '[data-testid=permission-matrix]');
    await shot(page, 'matrix-en-desktop');

    expect(routesOf(await role('User'))).not.toContain('GET /api/auth/invites');
    // Keyboard: focus the box and press Space.
    const box = frame.getByRole('checkbox', { name: 'User: GET /api/auth/invites', exact: true });
    await box.focus();
    await page.keyboard.press('Space');
    expect(await box.isChecked()).toBe(true);
    // "All of this resource": every Experiences route for User.
    await frame.getByRole('checkbox', { name: 'User: all of Experiences' }).check();
    await page.getByRole('button', { name: 'Save (1 role)' }).click();
    await expectToast(page, 'Permissions saved.');
    const user = routesOf(await role('User'));
    expect(user).toContain('GET /api/auth/invites');
    expect(user).toEqual(
      expect.arrayContaining(['GET /api/auth/experiences', 'POST /api/auth/experiences', 'DELETE /api/auth/experiences/:id']),
    );
    expect(user).not.toContain('GET /api/auth/users');

    // Menu entries are their own tab; copy Admin onto User copies both kinds.
    await page.getByRole('tab', { name: 'Menu entries' }).click();
    await page.getByRole('region', { name: 'Menu entries' }).waitFor();
    await page.getByLabel('Copy role').click();
    await page.getByRole('option', { name: 'Admin' }).click();
    await page.getByLabel('onto').click();
    await page.getByRole('option', { name: 'User' }).click();
    await page.getByRole('button', { name: 'Copy', exact: true }).click();
    await closeToasts(page);
    await page.getByRole('button', { name: 'Save (1 role)' }).click();
    await expectToast(page, 'Permissions saved.');
    const [a, u] = [await role('Admin'), await role('User')];
    expect(routesOf(u)).toEqual(routesOf(a));
    expect(u.clientPermission.map((c) => c._id).sort()).toEqual(a.clientPermission.map((c) => c._id).sort());
    await context.close();
  });

  it('fits a phone: the table scrolls inside its own frame; reads in Greek', async () => {
    for (const lang of ['en', 'el'] as const) {
      for (const width of [390, 1280]) {
        const { context, page } = await visit(browser, { login: admin, lang, width });
        await page.goto(server.url + '/admin/roles/matrix');
        const name = lang === 'el' ? 'Δικαιώματα API' : 'API permissions';
        const frame = page.getByRole('region', { name });
        await frame.getByTestId('matrix-group').first().waitFor();
        if (width === 390) {
          expect(await overflowsSideways(page)).toBe(false);
          expect(await frame.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
        }
        if (lang === 'el') await page.getByRole('heading', { level: 1, name: 'Πίνακας δικαιωμάτων' }).waitFor();
        if (!(lang === 'en' && width === 1280)) await shot(page, `matrix-${lang}-${width === 390 ? 'phone' : 'desktop'}`);
        await context.close();
      }
    }
  });
  it('names every group with a translated name, in English and Greek, never a route stem', async () => {
    // Every first segment of a permission's route is a group: the ones of declared resources and the routes of
    // their own (audit-logs, edit-space-image, reinitiate-permissions, translations).
    const stems = new Set(
      [...routeById.values()].map(
        (r) =>
          r
            .split(' ')[1]
            .replace(/^\/api\/(auth\/)?/, '')
            .split('/')[0],
      ),
    );
    expect(stems.size).toBeGreaterThan(10);
    const headings: Record<'en' | 'el', string[]> = { en: [], el: [] };
    for (const lang of ['en', 'el'] as const) {
      const { context, page } = await visit(browser, { login: admin, lang });
      await page.goto(server.url + '/admin/roles/matrix');
      const groups = page.getByTestId('matrix-group').locator('th');
      await groups.first().waitFor();
      headings[lang] = (await groups.allInnerTexts()).map((t) => t.trim());
      expect(headings[lang]).toHaveLength(stems.size);
      for (const h of headings[lang]) {
        expect(stems.has(h), `${lang}: '${h}' is a route stem`).toBe(false);
        expect(h, `${lang}: '${h}' is not a name`).toMatch(lang === 'el' ? /^[Α-ΩΆ-Ώ][\p{L} ]+$/u : /^[A-Z][A-Za-z ]+$/);
      }
      // The menu tab's groups are the menu's translated group names.
      await page.getByRole('tab', { name: lang === 'el' ? 'Στοιχεία μενού' : 'Menu entries' }).click();
      await page.getByTestId('matrix-group').first().waitFor();
      for (const h of (await page.getByTestId('matrix-group').locator('th').allInnerTexts()).map((t) => t.trim()))
        expect(h, `${lang} menu: '${h}'`).toMatch(lang === 'el' ? /^[Α-ΩΆ-Ώ][\p{L} ]+$/u : /^[A-Z][A-Za-z ]+$/);
      await context.close();
    }
    expect(headings.en).toEqual(expect.arrayContaining(['Audit log', 'Experience images', 'Permission sync', 'Translations', 'Users']));
    expect(headings.el).toEqual(expect.arrayContaining(['Αρχείο ελέγχου', 'Εικόνες εμπειριών', 'Συγχρονισμός δικαιωμάτων', 'Μεταφράσεις']));
  });
});
