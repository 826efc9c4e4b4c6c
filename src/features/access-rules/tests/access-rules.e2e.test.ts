import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startServer, type RunningServer } from '../../../../tests/e2e/server';
import { expectToast, launchBrowser, listTitle } from '../../../../tests/e2e/browser';
import { expectAccessible, overflowsSideways } from '../../../../tests/e2e/axe';
import { apiCall, apiLogin, shot, visit, type Login } from '../../../../tests/e2e/visit';

// Access by field and by record in the back office, as the people a rule limits meet it:
// the support desk (names and e-mails of confirmed users; may only block) and editors who
// change only their own experiences; and the matrix that edits the rules.

let server: RunningServer;
let browser: Browser;
let admin: Login;

type Row = { _id: string; method?: string; route?: string; path?: string; title?: string };
const all = async (path: string) => ((await apiCall(server.url, admin.token, 'GET', `${path}?limit=100000`)).body as { data: Row[] }).data;
const send = async (method: string, path: string, body?: unknown, token = admin.token) => {
  const res = await apiCall(server.url, token, method, path, body);
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body as Row;
};

/** A role with these API calls and menu entries, made through the API; returns its id. */
async function makeRole(name: string, type: string, calls: [string, string][], menuPaths: string[]): Promise<string> {
  const [perms, menu] = [await all('/api/auth/permissions'), await all('/api/auth/client-permissions')];
  const permission = calls.map(([m, r]) => perms.find((p) => p.method === m && p.route === r)!._id);
  const clientPermission = menuPaths.map((p) => menu.find((c) => c.path === p)!._id);
  return (await send('POST', '/api/auth/roles', { name, type, description: `${name} (e2e)`, permission, clientPermission }))._id;
}

/** A confirmed user holding the role, signed in through the API. */
async function holder(roleId: string, name: string): Promise<Login & { id: string }> {
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}@example.gr`;
  const user = await send('POST', '/api/auth/users', { name, email, password: 'secret-pass-1' });
  await send('POST', '/api/auth/user-roles', { user: user._id, role: roleId });
  return { ...(await apiLogin(server.url, email, 'secret-pass-1')), id: user._id };
}

const DESK_RULE = { read: ['name', 'email', 'confirmed', 'blocked', 'createdAt'], write: ['blocked'], where: { confirmed: { eq: true } } };
let deskRole: string;
let desk: Login;
let editorRole: string;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  admin = await apiLogin(server.url, server.adminEmail, server.adminPassword);
  deskRole = await makeRole(
    'Support Desk',
    'staff',
    [
      ['GET', '/api/auth/users'],
      ['GET', '/api/auth/users/:id'],
      ['PUT', '/api/auth/users/:id'],
    ],
    ['/users'],
  );
  await send('PUT', `/api/auth/roles/${deskRole}/access`, { resources: { users: DESK_RULE } });
  desk = await holder(deskRole, 'Eleni Desk');
  const maria = await send('POST', '/api/auth/users', { name: 'Maria Papadopoulou', email: 'maria@example.gr', password: 'secret-pass-1' });
  await send('PUT', `/api/auth/users/${maria._id}`, { phone: '+30 210 555 0101', address: 'Odos Ermou 12, Athens' });
  await send('POST', '/api/auth/users', {
    name: 'Nikos Unconfirmed',
    email: 'nikos@example.gr',
    password: 'secret-pass-1',
    confirmed: false,
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function open(login: Login, path: string, opts: { lang?: 'en' | 'el'; width?: number } = {}): Promise<Page> {
  const { page } = await visit(browser, { ...opts, login });
  await page.goto(server.url + path);
  return page;
}

describe('the support desk', () => {
  const words = {
    en: {
      title: /^Users \(\d+\)$/,
      name: 'Name',
      blocked: 'Blocked',
      phone: 'Phone',
      address: 'Address',
      saved: 'User updated successfully.',
    },
    el: {
      title: /^Χρήστες \(\d+\)$/,
      name: 'Όνομα',
      blocked: 'Αποκλεισμένος',
      phone: 'Τηλέφωνο',
      address: 'Διεύθυνση',
      saved: /η ενημέρωση ολοκληρώθηκε/,
    },
  };

  for (const lang of ['en', 'el'] as const) {
    it(`lists confirmed users without hidden fields, edits only "blocked" (${lang})`, async () => {
      const w = words[lang];
      const page = await open(desk, '/admin/users', { lang });
      await page.locator('tbody tr').filter({ hasText: 'Maria Papadopoulou' }).waitFor();
      expect(await listTitle(page)).toMatch(w.title);
      const headers = (await page.locator('thead th').allInnerTexts()).map((t) => t.trim());
      expect(headers).toContain(w.name);
      expect(headers).not.toContain(w.phone);
      expect(headers).not.toContain(w.address);
      expect(await page.locator('tbody tr').filter({ hasText: 'Nikos Unconfirmed' }).count()).toBe(0);
      if (lang === 'en') await expectAccessible(page, 'main');
      await shot(page, `access-users-${lang}-desktop`);

      await page
        .locator('tbody tr')
        .filter({ hasText: 'Maria Papadopoulou' })
        .getByRole('button', { name: lang === 'en' ? 'Edit' : 'Επεξεργασία' })
        .click();
      const dialog = page.getByRole('dialog');
      const name = dialog.getByLabel(w.name, { exact: true });
      await name.waitFor();
      expect(await name.isDisabled()).toBe(true);
      expect(await name.inputValue()).toBe('Maria Papadopoulou');
      const blocked = dialog.getByLabel(w.blocked, { exact: true });
      expect(await blocked.isDisabled()).toBe(false);
      expect(await dialog.getByLabel(w.phone).count()).toBe(0);
      // Blocking works: the form sends "blocked" alone (the server refuses a body naming any other field).
      const sent: unknown[] = [];
      page.on('request', (r) => {
        if (r.method() === 'PUT' && r.url().includes('/api/auth/users/')) sent.push(r.postDataJSON());
      });
      const wasBlocked = await blocked.isChecked();
      await blocked.setChecked(!wasBlocked);
      await dialog.getByRole('button', { name: lang === 'en' ? 'Save' : 'Αποθήκευση' }).click();
      await expectToast(page, w.saved);
      expect(sent).toEqual([{ blocked: !wasBlocked }]);
      await page.context().close();
    });
  }

  it('fits a phone at 390 px and reads with a screen reader (axe)', async () => {
    for (const lang of ['en', 'el'] as const) {
      const page = await open(desk, '/admin/users', { lang, width: 390 });
      await page.getByTestId('compact-list').getByText('Maria Papadopoulou').waitFor();
      expect(await overflowsSideways(page)).toBe(false);
      await expectAccessible(page, 'main');
      await shot(page, `access-users-${lang}-phone`);
      await page.context().close();
    }
  });
});

describe('editors change only their own experiences', () => {
  let anna: Login & { id: string };
  let annas: Row;
  let boriss: Row;

  beforeAll(async () => {
    editorRole = await makeRole(
      'Own Editor',
      'editor',
      [
        ['GET', '/api/auth/experiences'],
        ['GET', '/api/auth/experiences/:id'],
        ['POST', '/api/auth/experiences'],
        ['PUT', '/api/auth/experiences/:id'],
        ['DELETE', '/api/auth/experiences/:id'],
      ],
      ['/experiences'],
    );
    await send('PUT', `/api/auth/roles/${editorRole}/access`, { resources: { experiences: { writeWhere: { createdBy: { eq: '$me' } } } } });
    anna = await holder(editorRole, 'Anna Editor');
    const boris = await holder(editorRole, 'Boris Editor');
    annas = await send('POST', '/api/auth/experiences', { title: 'Kayaking in Milos' }, anna.token);
    boriss = await send('POST', '/api/auth/experiences', { title: 'Hiking the Samaria gorge' }, boris.token);
  });

  it('offers edit and delete on one’s own, only the view on another’s', async () => {
    const page = await open(anna, '/admin/experiences');
    const own = page.locator('tbody tr').filter({ hasText: 'Kayaking in Milos' });
    const theirs = page.locator('tbody tr').filter({ hasText: 'Hiking the Samaria gorge' });
    await own.getByRole('button', { name: 'Edit' }).waitFor();
    await own.getByRole('button', { name: 'Delete' }).waitFor();
    await theirs.getByRole('button', { name: 'View' }).waitFor();
    expect(await theirs.getByRole('button', { name: 'Edit' }).count()).toBe(0);
    expect(await theirs.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    await page.context().close();
  });

  it('edits one’s own; another’s edit address says it cannot be edited', async () => {
    const page = await open(anna, `/admin/experiences/${annas._id}/edit`);
    const title = page.getByLabel('Title');
    await title.fill('Kayaking in Milos, at dawn');
    await page.getByRole('button', { name: 'Save' }).first().click();
    await expectToast(page, 'Experience updated successfully.');

    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${server.url}/admin/experiences/${boriss._id}/edit`);
    await page.getByTestId('editor-not-writable').waitFor();
    expect(await page.getByLabel('Title').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('the matrix edits the rules', () => {
  const openRule = async (page: Page, role: string, resource: string) => {
    await page.getByRole('button', { name: `Access rules: ${role}, ${resource}` }).click();
    const dialog = page.getByRole('dialog', { name: `Access rules of ${role} for ${resource}` });
    await dialog.getByTestId('rule-read').waitFor();
    return dialog;
  };

  it('saves a field list and a condition; bad JSON or a bad condition shows the problem under the field', async () => {
    const { context, page } = await visit(browser, { login: admin });
    await page.goto(server.url + '/admin/roles/matrix');
    await page.getByRole('region', { name: 'API permissions' }).getByTestId('matrix-group').first().waitFor();
    const dialog = await openRule(page, 'Own Editor', 'Users');
    // Keyboard: the dialog has the focus.
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[role=dialog]')))).toBe(true);
    await dialog.getByTestId('rule-read').getByLabel('All fields').uncheck();
    await dialog.getByTestId('rule-read').getByLabel('Phone').uncheck();
    await dialog.getByTestId('rule-read').getByLabel('Address').uncheck();
    await dialog.getByTestId('rule-write').getByLabel('All fields').uncheck();
    for (const f of ['Name', 'Email', 'Confirmed', 'Password', 'Image', 'Phone', 'Address', 'Bio'])
      await dialog.getByTestId('rule-write').getByLabel(f, { exact: true }).uncheck();
    const where = dialog.getByTestId('rule-where');
    await where.fill('{"confirmed": {"eq": true}');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText(/^resources\.users\.where: This is not valid JSON: /).waitFor();
    await expectAccessible(page, '[role=dialog]');
    await shot(page, 'access-matrix-dialog-en-desktop');
    await where.fill('{"confirmed": {"eq": "yes"}}');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('resources.users.where.confirmed.eq: The value must be true or false.').waitFor();
    await where.fill('{"confirmed": {"eq": true}}');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Access rules saved.');
    await dialog.waitFor({ state: 'detached' });
    const saved = await apiCall(server.url, admin.token, 'GET', `/api/auth/roles/${editorRole}/access`);
    expect(saved.body).toEqual({
      resources: {
        experiences: { writeWhere: { createdBy: { eq: '$me' } } },
        users: {
          read: ['createdAt', 'name', 'email', 'confirmed', 'blocked', 'image', 'bio'],
          write: ['blocked'],
          where: { confirmed: { eq: true } },
        },
      },
    });
    await context.close();
  });

  it('copies a role’s access rules with its permissions', async () => {
    const target = await makeRole('Desk Trainee', 'staff', [], []);
    const { context, page } = await visit(browser, { login: admin });
    await page.goto(server.url + '/admin/roles/matrix');
    await page.getByRole('region', { name: 'API permissions' }).getByTestId('matrix-group').first().waitFor();
    await page.getByLabel('Copy role').click();
    await page.getByRole('option', { name: 'Support Desk' }).click();
    await page.getByLabel('onto').click();
    await page.getByRole('option', { name: 'Desk Trainee' }).click();
    await page.getByRole('button', { name: 'Copy', exact: true }).click();
    await page.getByRole('button', { name: 'Save (1 role)' }).click();
    await expectToast(page, 'Permissions saved.');
    const copied = await apiCall(server.url, admin.token, 'GET', `/api/auth/roles/${target}/access`);
    expect(copied.body).toEqual({ resources: { users: DESK_RULE } });
    await context.close();
  });

  it('shows the dialog and its problems in Greek, on a phone, in the dark theme', async () => {
    for (const [lang, width, dark] of [
      ['el', 1280, false],
      ['en', 390, true],
      ['el', 390, true],
    ] as const) {
      const { context, page } = await visit(browser, { login: admin, lang, width, dark });
      await page.goto(server.url + '/admin/roles/matrix');
      await page.getByTestId('matrix-group').first().waitFor();
      const name = lang === 'el' ? 'Κανόνες πρόσβασης: Support Desk, Χρήστες' : 'Access rules: Support Desk, Users';
      await page.getByRole('button', { name }).click();
      await page.getByRole('dialog').getByTestId('rule-read').waitFor();
      // Five role columns: the table scrolls inside its frame, the page does not.
      if (width === 390) expect(await overflowsSideways(page)).toBe(false);
      // What is wrong with a condition, in the user's language.
      const dialog = page.getByRole('dialog');
      await dialog.getByTestId('rule-where').fill('{"confirmed": {"between": [1, 2]}}');
      await dialog.getByRole('button', { name: lang === 'el' ? 'Αποθήκευση' : 'Save' }).click();
      const problem =
        lang === 'el'
          ? 'resources.users.where.confirmed.between: Άγνωστος τελεστής "between"· χρησιμοποιήστε έναν από τους eq, ne, in, nin, null, gt, gte, lt, lte.'
          : 'resources.users.where.confirmed.between: Unknown operator "between"; use one of eq, ne, in, nin, null, gt, gte, lt, lte.';
      await dialog.getByText(problem).waitFor();
      // Scrolled into view inside the dialog, not left under its buttons.
      const inView = () =>
        dialog.getByText(problem).evaluate((el) => {
          const box = el.getBoundingClientRect();
          const frame = el.closest('.MuiDialogContent-root')?.getBoundingClientRect();
          return Boolean(frame && box.top >= frame.top && box.bottom <= frame.bottom + 1);
        });
      await expect.poll(inView).toBe(true);
      // The condition has the focus, so a screen reader reads the problem out.
      expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('rule-where');
      await expectAccessible(page, '[role=dialog]');
      await dialog.getByTestId('rule-where').fill('{"confirmed": ');
      await dialog.getByRole('button', { name: lang === 'el' ? 'Αποθήκευση' : 'Save' }).click();
      await dialog
        .getByText(
          lang === 'el' ? /^resources\.users\.where: Αυτό δεν είναι έγκυρο JSON: / : /^resources\.users\.where: This is not valid JSON: /,
        )
        .waitFor();
      await shot(page, `access-matrix-dialog-${lang}-${width === 390 ? 'phone' : 'desktop'}${dark ? '-dark' : ''}`);
      await context.close();
    }
  });

  it('tests as a user: allowed or denied and what decided', async () => {
    const { context, page } = await visit(browser, { login: admin });
    await page.goto(server.url + '/admin/roles/matrix');
    const panel = page.getByTestId('explain-panel');
    await panel.getByRole('button', { name: 'Test as a user' }).click();
    await panel.getByRole('combobox', { name: 'User' }).fill('Eleni');
    await page.getByRole('option', { name: /Eleni Desk/ }).click();
    await panel.getByRole('combobox', { name: 'Route' }).click();
    await page.getByRole('option', { name: '/api/auth/users', exact: true }).click();
    await panel.getByRole('button', { name: 'Explain' }).click();
    const result = panel.getByTestId('explain-result');
    await result.getByText('Allowed').waitFor();
    await result.getByText('Support Desk').waitFor();
    await result.getByText('name, email, confirmed, blocked, createdAt').waitFor();
    await panel.getByRole('combobox', { name: 'Method' }).click();
    await page.getByRole('option', { name: 'DELETE' }).click();
    await panel.getByRole('combobox', { name: 'Route' }).click();
    await page.getByRole('option', { name: '/api/auth/users/:id', exact: true }).click();
    await panel.getByRole('button', { name: 'Explain' }).click();
    await result.getByText('Denied').waitFor();
    await expectAccessible(page, '[data-testid=explain-panel]');
    await context.close();
  });
});
