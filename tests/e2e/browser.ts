import { chromium, type Browser, type Locator, type Page } from 'playwright-core';

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

/**
 * Closes the toasts showing with their × buttons, as a person does who reads one and goes on: they sit top-right,
 * over a page's own top-right buttons (Add, Save, Export) for their 5 s. A click there waits for them to go.
 */
export async function closeToasts(page: Page): Promise<void> {
  // A toast leaving keeps its node for its exit (about 0.8 s): only those not leaving are closed.
  const showing = page.locator('.Toastify__toast:not([class*="-exit"])');
  // Closing one lets a queued one in (three show at once); one that closes on its own meanwhile is skipped.
  for (let i = 0; i < 10 && (await showing.count()) > 0; i++) {
    await showing
      .first()
      .locator('.Toastify__close-button')
      .click({ timeout: 1000 })
      .catch(() => undefined);
  }
  // The pointer left on a toast would pause its countdown. The next click waits by itself for the toasts' exit.
  await page.mouse.move(0, 0);
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

/** What a day field (the admin's `DayInput`, a group of day/month/year parts) shows, without the pickers' bidi marks. */
export async function dayFieldText(field: Locator): Promise<string> {
  return (await field.innerText()).replace(/[\u2066-\u2069\u200e\u200f\s]/g, '');
}

/** Types a day into a day field from its first part, as a person does: day, month and year digits. */
export async function typeDay(field: Locator, day: Date): Promise<void> {
  await field.getByRole('spinbutton').first().click();
  const two = (n: number) => String(n).padStart(2, '0');
  await field.page().keyboard.type(`${two(day.getDate())}${two(day.getMonth() + 1)}${day.getFullYear()}`);
}

/** The UTC day `offset` days from today (the server's whole days are UTC), as a local date to type. */
export function utcDay(offset: number): Date {
  const d = new Date(Date.now() + offset * 86_400_000);
  return new Date(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
}

/** A local date as the API's day parameter, 'YYYY-MM-DD'. */
export function isoDay(d: Date): string {
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}
