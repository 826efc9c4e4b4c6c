import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/** Opens a user's edit dialog from the users list, searched by name; waits until it shows them. */
export async function openUserEdit(page: Page, baseUrl: string, name: string, editLabel: string) {
  await page.goto(`${baseUrl}/admin/users?filter=${encodeURIComponent(JSON.stringify({ q: name }))}`);
  // A table row on a desktop, a compact list's item on a phone.
  const row = page.locator('tr, li', { hasText: name }).first();
  await row.getByRole('button', { name: editLabel }).click();
  const dialog = page.getByRole('dialog');
  await expect.poll(() => dialog.locator('input[name=name]').inputValue()).toBe(name);
  return dialog;
}
