import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { startServer, type RunningServer, loginAdmin } from '../../../../tests/e2e/server';
import { closeToasts, expectToast, launchBrowser } from '../../../../tests/e2e/browser';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let list: Page;
let editor: Page;
let files: string;

/** Real PNGs of known, distinct sizes: rotation must swap them. */
async function writePng(name: string, width: number, height: number, color: string): Promise<string> {
  const file = path.join(files, name);
  writeFileSync(
    file,
    await sharp({ create: { width, height, channels: 3, background: color } })
      .png()
      .toBuffer(),
  );
  return file;
}

const naturalSize = (img: Locator) =>
  img.evaluate((el) => {
    const i = el as HTMLImageElement;
    return i.complete ? [i.naturalWidth, i.naturalHeight] : [0, 0];
  });

/**
 * Clicks a button that closes its own window and waits for the close. The
 * window can go while Playwright is still finishing the click, which then
 * reports 'Target page closed': that is the expected outcome, not a failure.
 */
async function closeBy(page: Page, button: Locator): Promise<void> {
  await Promise.all([
    page.waitForEvent('close'),
    button.click().catch((err: unknown) => {
      if (!page.isClosed()) throw err;
    }),
  ]);
}

beforeAll(async () => {
  files = mkdtempSync(path.join(tmpdir(), 'xp-files-'));
  server = await startServer();
  browser = await launchBrowser();
  const login = await loginAdmin(server);
  context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
  // Signed in as the stored session the login screen would leave behind.
  await context.addInitScript(
    (info) => {
      localStorage.setItem('userInfo', info);
      localStorage.setItem('i18nextLng', 'en');
    },
    JSON.stringify({ token: login.token, user: login.user }),
  );
  list = await context.newPage();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(files, { recursive: true, force: true });
});

describe('experiences in Chromium', () => {
  it('lists experiences and opens the editor in a new window', async () => {
    await list.goto(server.url + '/admin/experiences');
    await list.getByTestId('list-title').filter({ hasText: 'Experiences (0)' }).waitFor();
    await list.getByPlaceholder('Search by Title, Description, Tags').waitFor();
    await list.getByTestId('last-updated').waitFor();
    const [popup] = await Promise.all([context.waitForEvent('page'), list.getByRole('button', { name: 'Add New Experience' }).click()]);
    editor = popup;
    await editor.waitForURL('**/admin/experiences/new');
    await editor.getByTestId('editor-title').filter({ hasText: 'Add a NEW Experience' }).waitFor();
  });

  it('refuses other extensions before sending anything', async () => {
    const txt = path.join(files, 'notes.txt');
    writeFileSync(txt, 'not a picture');
    await editor.getByTestId('image-input').setInputFiles(txt);
    await expectToast(editor, 'Invalid file extension for notes.txt');
    expect(await editor.getByTestId('image-tile').count()).toBe(0);
  });

  it('requires a title', async () => {
    await closeToasts(editor);
    await editor.getByRole('button', { name: 'Save' }).first().click();
    await editor.getByText('Title is required').waitFor();
  });

  it('creates an experience with two images, reordered by drag and drop', async () => {
    const wide = await writePng('wide.png', 300, 200, '#c0392b');
    const small = await writePng('small.png', 200, 120, '#2e86de');
    await editor.getByLabel('Title').fill('Harbour walk');
    await editor.locator('.ProseMirror').click();
    await editor.keyboard.type('Fishing boats at dawn.');
    await editor.getByLabel('Tags').fill(' sea , boats,, dawn ');
    await editor.getByTestId('image-input').setInputFiles([wide, small]);
    const tiles = editor.getByTestId('image-tile');
    await expect.poll(() => tiles.count()).toBe(2);
    // Drag the second picture onto the first: small.png leads.
    await tiles.nth(1).dragTo(tiles.nth(0));
    await expect.poll(() => tiles.nth(0).locator('img').getAttribute('alt')).toBe('small.png');
    // Not saved yet, it turns in the browser; the saved copy keeps the turn.
    await tiles.nth(1).getByRole('button', { name: 'Rotate' }).click();
    await expect.poll(() => naturalSize(tiles.nth(1).locator('img')), { timeout: 10000 }).toEqual([200, 300]);

    await editor.getByRole('button', { name: 'Save' }).last().click();
    await expectToast(editor, 'Experience created successfully.');
    await editor.waitForURL(/\/admin\/experiences\/[0-9a-f-]{36}\/edit$/);
    await editor.getByTestId('editor-title').filter({ hasText: 'Edit Experience' }).waitFor();
    await expect.poll(() => editor.getByTestId('image-tile').count()).toBe(2);
    await expect.poll(() => editor.getByLabel('Tags').inputValue()).toBe('sea, boats, dawn');
    await expect.poll(() => naturalSize(editor.getByTestId('image-tile').nth(1).locator('img')), { timeout: 10000 }).toEqual([200, 300]);
  });

  it('rotates a stored picture: new URL, width and height swapped', async () => {
    const first = editor.getByTestId('image-tile').first();
    const img = first.locator('img');
    await expect.poll(() => naturalSize(img)).toEqual([200, 120]);
    await first.getByRole('button', { name: 'Rotate' }).click();
    await expectToast(editor, 'Image rotated successfully!');
    await expect.poll(() => naturalSize(img)).toEqual([120, 200]);
  });

  it('saves the edit and the list refreshes', async () => {
    await closeToasts(editor);
    await editor.getByRole('button', { name: 'Save' }).first().click();
    await expectToast(editor, 'Experience updated successfully.');
    // The editor window tells the list to refetch.
    await list.getByTestId('list-title').filter({ hasText: 'Experiences (1)' }).waitFor();
    const row = list.locator('tbody tr').filter({ hasText: 'Harbour walk' });
    await row.getByText('sea, boats, dawn').waitFor();
    await row.getByTestId('experience-thumb').waitFor();
  });

  it('asks before closing over unsaved changes, and stays when told to', async () => {
    const messages: string[] = [];
    editor.on('dialog', (d) => {
      messages.push(d.message());
      void d.dismiss();
    });
    const close = editor.getByRole('button', { name: 'Close', exact: true }).first();
    const title = editor.getByLabel('Title');
    await title.fill('Harbour walk at dusk');
    await close.click();
    await expect.poll(() => messages.length, { timeout: 10000 }).toBe(1);
    expect(messages[0]).toBe("Some of your changes weren't saved. Are you sure you want to ignore them?");
    expect(editor.isClosed()).toBe(false);
    expect(await title.inputValue()).toBe('Harbour walk at dusk');
    await title.fill('Harbour walk'); // back as saved: nothing to lose

    const extra = await writePng('extra.png', 60, 40, '#16a085');
    await editor.getByTestId('image-input').setInputFiles(extra);
    await expect.poll(() => editor.getByTestId('image-tile').count(), { timeout: 10000 }).toBe(3);
    await close.click();
    await expect.poll(() => messages.length, { timeout: 10000 }).toBe(2);
    expect(editor.isClosed()).toBe(false);
    await editor.getByTestId('image-tile').last().getByRole('button', { name: 'Remove' }).click();
    await expect.poll(() => editor.getByTestId('image-tile').count(), { timeout: 10000 }).toBe(2);
    editor.removeAllListeners('dialog');
  });

  it('closes the editor window', async () => {
    await closeBy(editor, editor.getByRole('button', { name: 'Close', exact: true }).first());
  });

  it('shows the public page with title, both images and tags', async () => {
    const row = list.locator('tbody tr').filter({ hasText: 'Harbour walk' });
    const [view] = await Promise.all([context.waitForEvent('page'), row.getByRole('button', { name: 'View', exact: true }).click()]);
    await view.waitForURL('**/experience/harbour-walk');
    await view.getByRole('heading', { level: 1, name: 'Harbour walk' }).waitFor();
    await expect.poll(() => view.getByTestId('experience-thumb').count()).toBe(2);
    await expect.poll(() => naturalSize(view.getByTestId('experience-main-image'))).toEqual([120, 200]);
    expect(await view.getByTestId('experience-tags').locator('li').allTextContents()).toEqual(['sea', 'boats', 'dawn']);
    await view.getByText('Fishing boats at dawn.').waitFor();
    await view.close();
  });

  it('closes a freshly opened editor without asking: nothing was changed', async () => {
    const row = list.locator('tbody tr').filter({ hasText: 'Harbour walk' });
    const [again] = await Promise.all([context.waitForEvent('page'), row.getByRole('button', { name: 'Edit', exact: true }).click()]);
    const dialogs: string[] = [];
    again.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    // A new window: the editor chunk, the item and its pictures load first.
    await again.getByTestId('editor-title').filter({ hasText: 'Edit Experience' }).waitFor();
    await again.getByTestId('image-tile').nth(1).waitFor();
    await again.locator('.ProseMirror').getByText('Fishing boats at dawn.').waitFor();
    await closeBy(again, again.getByRole('button', { name: 'Close', exact: true }).last());
    expect(dialogs).toEqual([]);
  });

  it('shows a friendly not-found for unknown items', async () => {
    const page = await context.newPage();
    await page.goto(server.url + '/experience/no-such-thing');
    await page.getByTestId('experience-missing').waitFor();
    await page.close();
  });
});
