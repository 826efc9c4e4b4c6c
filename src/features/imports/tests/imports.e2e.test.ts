import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { startServer, type RunningServer } from '../../../../tests/e2e/server';
import { launchBrowser } from '../../../../tests/e2e/browser';
import { expectAccessible, overflowsSideways } from '../../../../tests/e2e/axe';
import { apiCall, apiLogin, shot, visit, type Login } from '../../../../tests/e2e/visit';

let server: RunningServer;
let browser: Browser;
let admin: Login;
let dir: string;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  admin = await apiLogin(server.url, server.adminEmail, server.adminPassword);
  dir = mkdtempSync(path.join(tmpdir(), 'import-e2e-'));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** A CSV of three new people and, on line 4, one with a bad e-mail. */
function peopleCsv(tag: string, header: string): string {
  const file = path.join(dir, `people-${tag}.csv`);
  writeFileSync(
    file,
    `${header}\n` +
      `Anna ${tag},anna-${tag}@example.com,secret-pass-1\n` +
      `Bruno ${tag},bruno-${tag}@example.com,secret-pass-2\n` +
      `Carl ${tag},not-an-email-${tag},secret-pass-3\n` +
      `Dora ${tag},dora-${tag}@example.com,secret-pass-4\n`,
  );
  return file;
}

interface Texts {
  import: string;
  title: string;
  upload: string;
  dryRun: string;
  commit: string;
  yes: string;
  close: string;
  toCreate: string;
  created: string;
  failed: string;
  dryDone: string;
  done: string;
  errorsFile: string;
  chooseFile: string;
  progress: string;
  rowsDone: (rows: number) => string;
  cancel: string;
  column: (c: string) => string;
}

const EN: Texts = {
  import: 'Import',
  title: 'Import into Users',
  upload: 'Upload',
  dryRun: 'Dry run',
  commit: 'Import',
  yes: 'Yes, import',
  close: 'Close',
  toCreate: 'To create',
  created: 'Created',
  failed: 'Failed',
  dryDone: 'Dry run finished: nothing was written.',
  done: 'Import finished.',
  errorsFile: 'Download the errors (CSV)',
  chooseFile: 'Choose a file (CSV or JSON)',
  progress: 'Import in progress',
  rowsDone: (rows) => `Rows done: ${rows} of 4`,
  cancel: 'Cancel the import',
  column: (c) => `Column “${c}”`,
};

const EL: Texts = {
  import: 'Εισαγωγή',
  title: 'Εισαγωγή σε: Χρήστες',
  upload: 'Ανέβασμα',
  dryRun: 'Δοκιμαστική εκτέλεση',
  commit: 'Εισαγωγή',
  yes: 'Ναι, εισαγωγή',
  close: 'Κλείσιμο',
  toCreate: 'Προς δημιουργία',
  created: 'Δημιουργήθηκαν',
  failed: 'Με σφάλμα',
  dryDone: 'Η δοκιμαστική εκτέλεση ολοκληρώθηκε: δεν γράφτηκε τίποτα.',
  done: 'Η εισαγωγή ολοκληρώθηκε.',
  errorsFile: 'Λήψη των σφαλμάτων (CSV)',
  chooseFile: 'Επιλογή αρχείου (CSV ή JSON)',
  progress: 'Εισαγωγή σε εξέλιξη',
  rowsDone: (rows) => `Γραμμές που έγιναν: ${rows} από 4`,
  cancel: 'Ακύρωση εισαγωγής',
  column: (c) => `Στήλη «${c}»`,
};

/** The count a summary shows next to its label. */
const count = (dialog: Locator, name: string) =>
  dialog.locator('dt', { hasText: new RegExp(`^${name}$`) }).locator('xpath=following-sibling::dd[1]');

/** Checks the page as it is: axe, no sideways scroll on a phone, and a screenshot. */
async function check(page: Page, name: string, phone: boolean) {
  await expectAccessible(page);
  if (phone) expect(await overflowsSideways(page)).toBe(false);
  await shot(page, name);
}

/** The whole import of `file` from the Users list, in the language of `t`. */
async function importPeople(
  page: Page,
  t: Texts,
  file: string,
  tag: string,
  opts: { phone: boolean; keys: boolean; progress: boolean; prefix: string; header: string[] },
) {
  // With `keys`, each button is reached by focus and pressed with Enter (the file picker itself is the system's).
  const press = async (button: Locator) => {
    if (!opts.keys) return button.click();
    await button.focus();
    await page.keyboard.press('Enter');
  };
  await page.goto(server.url + '/admin/users');
  const open = page.getByRole('button', { name: t.import, exact: true });
  await open.waitFor();
  await press(open);
  const dialog = page.getByRole('dialog', { name: t.title });
  await dialog.waitFor();

  // (a) The file: its name and size, then uploaded.
  const input = dialog.getByLabel(t.chooseFile);
  await input.focus();
  expect(await input.evaluate((el) => el === document.activeElement)).toBe(true);
  await input.setInputFiles(file);
  await expect.poll(() => dialog.getByTestId('import-file-info').textContent()).toContain(path.basename(file));
  await check(page, `${opts.prefix}-1-file`, opts.phone);
  await press(dialog.getByRole('button', { name: t.upload, exact: true }));

  // (b) The proposed mapping: each column to its field.
  const [nameCol, emailCol, passwordCol] = opts.header;
  await dialog.getByLabel(t.column(nameCol)).waitFor({ timeout: 15000 });
  // The new step takes the focus (the button pressed is gone), inside the dialog.
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('import-step');
  expect(await dialog.getByLabel(t.column(nameCol)).inputValue()).toBe('name');
  expect(await dialog.getByLabel(t.column(emailCol)).inputValue()).toBe('email');
  expect(await dialog.getByLabel(t.column(passwordCol)).inputValue()).toBe('password');
  await check(page, `${opts.prefix}-2-mapping`, opts.phone);

  // (c) The dry run: three to create, one failed, the bad row's line and message.
  const dryRun = dialog.getByRole('button', { name: t.dryRun, exact: true });
  if (opts.keys) {
    // From the step line, Tab goes through the selects, the action, all-or-nothing and Cancel to 'Dry run', never out of the dialog.
    for (let i = 0; i < 20 && !(await dryRun.evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[role=dialog]')))).toBe(true);
    }
    expect(await dryRun.evaluate((el) => el === document.activeElement)).toBe(true);
  }
  await press(dryRun);
  await dialog.getByText(t.dryDone).waitFor({ timeout: 30000 });
  expect(await count(dialog, t.toCreate).textContent()).toBe('3');
  expect(await count(dialog, t.failed).textContent()).toBe('1');
  const errorRow = dialog.getByTestId('import-errors').locator('tbody tr');
  expect(await errorRow.count()).toBe(1);
  const cells = await errorRow.locator('td').allTextContents();
  expect(cells.slice(0, 3)).toEqual(['4', emailCol, `not-an-email-${tag}`]);
  expect(cells[3].length).toBeGreaterThan(5);
  await dialog.getByRole('button', { name: t.errorsFile }).waitFor();
  await check(page, `${opts.prefix}-3-dry-run`, opts.phone);

  // (d) The import after a confirmation, (e) its result.
  await press(dialog.getByRole('button', { name: t.commit, exact: true }));
  await dialog.getByRole('alertdialog').waitFor();
  // The question takes the focus from the button that asked it.
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('alertdialog');
  await check(page, `${opts.prefix}-4-confirm`, opts.phone);
  // Four rows go by faster than anything can be seen: the run's answer waits until the run is over (its own
  // events sent), and while held the status answers say 'running, 2 of 4'. Then a progress event the server
  // did not send (the trigger's, made by hand) moves the bar: only the stream can, the answers still say 2.
  let holding = opts.progress;
  let held = '';
  await page.route(/\/api\/auth\/users\/imports\/[^/]+(\/run)?$/, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { id: string; state: string; mode: string; progress: { rows: number; total: number } };
    if (!holding || body.mode !== 'commit') return route.fulfill({ response, json: body });
    if (route.request().method() === 'POST') {
      held = body.id;
      const state = async () =>
        ((await apiCall(server.url, admin.token, 'GET', `/api/auth/users/imports/${held}`)).body as { state: string }).state;
      await expect.poll(state, { timeout: 20000 }).toBe('done');
      // Its last events reach the page first.
      await new Promise((r) => setTimeout(r, 500));
    }
    return route.fulfill({ response, json: { ...body, state: 'running', progress: { rows: 2, total: 4 } } });
  });
  /** What the trigger on `imports` sends (migration 0024), as if the run were at `state` and `rows`: no API makes one. */
  const event = (state: string, rows: number) =>
    server.db.execute(sql`
      SELECT pg_notify('user_events', json_build_object('user', owner_id, 'event', 'import', 'data', json_build_object(
        'id', id, 'resource', resource, 'state', ${state}::text, 'mode', mode,
        'progress', json_build_object('rows', ${rows}::int, 'total', total_rows), 'result', result))::text)
        FROM imports WHERE id = ${held}::uuid`);
  await press(dialog.getByRole('button', { name: t.yes }));
  if (opts.progress) {
    const bar = dialog.getByRole('progressbar', { name: t.progress });
    await bar.waitFor({ timeout: 20000 });
    await expect.poll(() => bar.getAttribute('aria-valuenow'), { timeout: 5000 }).toBe('50');
    await dialog.getByText(t.rowsDone(2)).waitFor();
    await dialog.getByRole('button', { name: t.cancel }).waitFor();
    await check(page, `${opts.prefix}-4b-progress`, opts.phone);
    await event('running', 3);
    await expect.poll(() => bar.getAttribute('aria-valuenow'), { interval: 50, timeout: 5000 }).toBe('75');
    await dialog.getByText(t.rowsDone(3)).waitFor();
    // Its end read whole (the event has no errors) as the stream says it came.
    holding = false;
    await event('done', 4);
  }
  await dialog.getByText(t.done).waitFor({ timeout: 30000 });
  expect(await count(dialog, t.created).textContent()).toBe('3');
  expect(await count(dialog, t.failed).textContent()).toBe('1');
  await check(page, `${opts.prefix}-5-result`, opts.phone);

  // The errors file downloads with the session's token.
  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: t.errorsFile }).click()]);
  expect(download.suggestedFilename()).toBe('users-import-errors.csv');

  // Closing refreshes the list: the new people are in it.
  await press(dialog.getByRole('button', { name: t.close, exact: true }));
  await dialog.waitFor({ state: 'hidden' });
  for (const who of ['Anna', 'Bruno', 'Dora']) await page.getByText(`${who} ${tag}`).first().waitFor({ timeout: 10000 });
  expect(await page.getByText(`Carl ${tag}`).count()).toBe(0);
  await shot(page, `${opts.prefix}-6-list`);
}

describe('importing a file from a list', () => {
  it('as the admin on Users, in English on a desktop: file, mapping, dry run, import, result, list', async () => {
    const tag = `en${Date.now().toString(36)}`;
    const file = peopleCsv(tag, 'Name,E-mail,Password');
    const { context, page } = await visit(browser, { login: admin });
    try {
      await importPeople(page, EN, file, tag, {
        phone: false,
        keys: false,
        progress: true,
        prefix: 'import-en',
        header: ['Name', 'E-mail', 'Password'],
      });
    } finally {
      await context.close();
    }
  });

  it('in Greek on a dark phone: the same steps, Greek strings, accessible, nothing wider than the screen', async () => {
    const tag = `el${Date.now().toString(36)}`;
    const file = peopleCsv(tag, 'Όνομα,Email,Κωδικός');
    const { context, page } = await visit(browser, { login: admin, lang: 'el', width: 390, dark: true });
    try {
      await importPeople(page, EL, file, tag, {
        phone: true,
        keys: true,
        progress: true,
        prefix: 'import-el-phone',
        header: ['Όνομα', 'Email', 'Κωδικός'],
      });
    } finally {
      await context.close();
    }
  });

  it('asks before importing a file already imported, then imports it again when told to', async () => {
    const tag = `again${Date.now().toString(36)}`;
    const file = path.join(dir, `again-${tag}.csv`);
    // A fourth column named __proto__: proposed unmapped, it must not stop the import.
    const csv = `name,email,password,__proto__\nEve ${tag},eve-${tag}@example.com,secret-pass-5,x\n`;
    writeFileSync(file, csv);
    const { context, page } = await visit(browser, { login: admin });
    try {
      const up = await fetch(server.url + '/api/auth/users/imports', {
        method: 'POST',
        headers: { Authorization: `Bearer ${admin.token}` },
        body: (() => {
          const form = new FormData();
          form.append('file', new Blob([csv]), 'again.csv');
          return form;
        })(),
      });
      const { id } = (await up.json()) as { id: string };
      const run = await fetch(`${server.url}/api/auth/users/imports/${id}/run`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${admin.token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ mode: 'commit', action: 'create', atomic: false }),
      });
      expect(run.status).toBe(202);
      await expect
        .poll(async () => {
          const s = await fetch(`${server.url}/api/auth/users/imports/${id}`, { headers: { Authorization: `Bearer ${admin.token}` } });
          return ((await s.json()) as { state: string }).state;
        })
        .toBe('done');
      // Eve leaves again, so that importing the file once more has someone to create.
      const eve = (await apiCall(server.url, admin.token, 'GET', `/api/auth/users?q=eve-${tag}`)).body as { data: { _id: string }[] };
      expect((await apiCall(server.url, admin.token, 'DELETE', `/api/auth/users/${eve.data[0]._id}`)).status).toBe(200);

      await page.goto(server.url + '/admin/users');
      await page.getByRole('button', { name: 'Import', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: EN.title });
      await dialog.locator('input[type=file]').setInputFiles(file);
      await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
      await dialog.getByText('This file was imported before. Import it again anyway?').waitFor();
      await expectAccessible(page);
      await shot(page, 'import-en-0-already-imported');
      await dialog.getByRole('button', { name: 'Import it again' }).click();
      await dialog.getByLabel(EN.column('name')).waitFor({ timeout: 15000 });
      expect(await dialog.getByLabel(EN.column('__proto__')).inputValue()).toBe('');
      // Imported again, the unmapped __proto__ column and all: Eve comes back.
      await dialog.getByRole('button', { name: EN.dryRun, exact: true }).click();
      await dialog.getByText(EN.dryDone).waitFor({ timeout: 30000 });
      await dialog.getByRole('button', { name: EN.commit, exact: true }).click();
      await dialog.getByRole('button', { name: EN.yes }).click();
      await dialog.getByText(EN.done).waitFor({ timeout: 30000 });
      expect(await count(dialog, EN.created).textContent()).toBe('1');
      expect(await count(dialog, EN.failed).textContent()).toBe('0');
    } finally {
      await context.close();
    }
  });

  it("says what is wrong with a bad file, with its line, in the admin's language", async () => {
    const file = path.join(dir, 'bad.csv');
    writeFileSync(file, 'name,email\nAnna,anna@example.com\nBruno,bruno@example.com,extra\n');
    const { context, page } = await visit(browser, { login: admin, lang: 'el' });
    try {
      await page.goto(server.url + '/admin/users');
      await page.getByRole('button', { name: EL.import, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: EL.title });
      await dialog.getByLabel(EL.chooseFile).setInputFiles(file);
      await dialog.getByRole('button', { name: EL.upload, exact: true }).click();
      await dialog.getByTestId('import-error').waitFor();
      expect(await dialog.getByTestId('import-error').textContent()).toBe('Η γραμμή 3 έχει 3 στήλες ενώ η πρώτη γραμμή έχει 2.');
      await shot(page, 'import-el-0-bad-file');
    } finally {
      await context.close();
    }
  });

  it('is offered as the user may write: not to a reader; to one who may only update, with update alone', async () => {
    type Row = { _id: string; method?: string; route?: string; path?: string };
    const send = async (method: string, p: string, body?: unknown) => {
      const res = await apiCall(server.url, admin.token, method, p, body);
      expect(res.status, `${method} ${p}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
      return res.body as Row & { data: Row[] };
    };
    const perms = (await send('GET', '/api/auth/permissions?limit=100000')).data;
    const menu = (await send('GET', '/api/auth/client-permissions?limit=100000')).data;
    const person = async (name: string, calls: [string, string][]) => {
      const permission = calls.map(([m, r]) => perms.find((x) => x.method === m && x.route === r)!._id);
      const clientPermission = [menu.find((c) => c.path === '/users')!._id];
      const role = await send('POST', '/api/auth/roles', {
        name,
        type: 'staff',
        description: `${name} (e2e)`,
        permission,
        clientPermission,
      });
      const email = `${name.toLowerCase().replace(/\W+/g, '.')}@example.gr`;
      const user = await send('POST', '/api/auth/users', { name, email, password: 'secret-pass-1' });
      await send('POST', '/api/auth/user-roles', { user: user._id, role: role._id });
      return apiLogin(server.url, email, 'secret-pass-1');
    };
    const read: [string, string][] = [
      ['GET', '/api/auth/users'],
      ['GET', '/api/auth/users/:id'],
    ];
    const reader = await person('Import Reader', read);
    const updater = await person('Import Updater', [...read, ['PUT', '/api/auth/users/:id']]);

    const r = await visit(browser, { login: reader });
    try {
      await r.page.goto(server.url + '/admin/users');
      await r.page.getByTestId('export-csv').waitFor();
      expect(await r.page.getByRole('button', { name: 'Import', exact: true }).count()).toBe(0);
    } finally {
      await r.context.close();
    }

    const file = path.join(dir, 'update.csv');
    writeFileSync(file, 'email,name\nimport.reader@example.gr,Reader Renamed\n');
    const u = await visit(browser, { login: updater });
    try {
      await u.page.goto(server.url + '/admin/users');
      await u.page.getByRole('button', { name: 'Import', exact: true }).click();
      const dialog = u.page.getByRole('dialog', { name: EN.title });
      await dialog.getByLabel(EN.chooseFile).setInputFiles(file);
      await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
      await dialog.getByLabel(EN.column('email')).waitFor({ timeout: 15000 });
      expect(await dialog.getByRole('radio').count()).toBe(1);
      expect(await dialog.getByRole('radio', { name: 'Update existing records' }).isChecked()).toBe(true);
      // The key: the mapped unique field.
      expect(await dialog.getByLabel('Find the records by').inputValue()).toBe('email');
      await expectAccessible(u.page);
      await shot(u.page, 'import-en-7-update-only');
    } finally {
      await u.context.close();
    }
  });
});
