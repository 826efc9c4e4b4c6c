import { chromium, type Browser, type Page } from 'playwright-core';

/** Debian's Chromium, headless, without background chatter. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** Waits until a toast with this text shows (react-toastify renders role=alert). */
export async function expectToast(page: Page, text: string | RegExp): Promise<void> {
  await page.locator('.Toastify__toast').filter({ hasText: text }).first().waitFor({ timeout: 10000 });
}

export async function listTitle(page: Page): Promise<string> {
  const el = page.getByTestId('list-title');
  await el.waitFor();
  return (await el.textContent()) ?? '';
}

/** Waits for the list title to read exactly `text`. */
export async function waitForTitle(page: Page, text: string): Promise<void> {
  await page
    .getByTestId('list-title')
    .filter({ hasText: new RegExp(`^${text.replace(/[()]/g, '\\$&')}$`) })
    .waitFor({ timeout: 10000 });
}
