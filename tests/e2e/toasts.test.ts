import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startServer, type RunningServer } from './server';
import { expectToast, launchBrowser } from './browser';
import { shot, visit } from './visit';

// A toast must never hide the app bar's buttons (language, theme, bell,
// account) while it shows: after sign-in "Login successful." stayed five
// seconds over them.
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('toasts', () => {
  for (const [lang, width, text] of [
    ['en', 1280, 'Login successful.'],
    ['el', 1280, 'Η σύνδεση ήταν επιτυχής.'],
    ['en', 390, 'Login successful.'],
  ] as const) {
    it(`after sign-in show below the app bar, not over its buttons (${lang}, ${width} px)`, async () => {
      const { context, page } = await visit(browser, { lang, width });
      await page.goto(server.url + '/admin/login');
      await page.fill('input[name=email]', server.adminEmail);
      await page.fill('input[name=password]', server.adminPassword);
      await page.locator('button[type=submit]').click();
      await expectToast(page, text);
      const toast = page.locator('.Toastify__toast').first();
      await toast.waitFor();
      const bar = page.locator('header').first();
      // The bar's buttons come a frame after its title.
      await bar.getByRole('button').nth(3).waitFor();
      const buttons = await bar.getByRole('button').all();
      expect(buttons.length).toBeGreaterThanOrEqual(4);
      const toastBox = (await toast.boundingBox())!;
      const barBox = (await bar.boundingBox())!;
      expect(toastBox.y).toBeGreaterThanOrEqual(barBox.y + barBox.height);
      for (const b of buttons) expect(overlaps(toastBox, (await b.boundingBox())!)).toBe(false);
      await shot(page, `toast-after-sign-in-${lang}-${width}`);
      // In the interface's language: the messages' region, each toast's countdown and its close button.
      // The region itself has no size (its toasts are placed fixed): attached, not visible.
      await page.getByRole('region', { name: lang === 'el' ? 'Μηνύματα (Alt+T)' : 'Messages (Alt+T)' }).waitFor({ state: 'attached' });
      const countdown = lang === 'el' ? 'Χρόνος μέχρι να κλείσει το μήνυμα' : 'Time until this message closes';
      await toast.getByRole('progressbar', { name: countdown }).waitFor();
      if (width === 390) {
        // Left alone, it closes when its countdown ends.
        await toast.waitFor({ state: 'detached', timeout: 15000 });
      } else {
        await toast.getByRole('button', { name: lang === 'el' ? 'Κλείσιμο μηνύματος' : 'Close message', exact: true }).click();
        await toast.waitFor({ state: 'detached' });
      }
      await context.close();
    });
  }
});
