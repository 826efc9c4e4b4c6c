import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startServer, type RunningServer } from '../../../../tests/e2e/server';
import { closeToasts, expectToast, launchBrowser, waitForTitle } from '../../../../tests/e2e/browser';

/**
 * The invitation story in Chromium: the admin invites, the invitee registers
 * on the public accept-invite page, waits for approval, the admin approves
 * from the bell, the invitee signs in.
 */
let server: RunningServer;
let browser: Browser;
let adminCtx: BrowserContext;
let guestCtx: BrowserContext;
let admin: Page;
let guest: Page;
let link = '';

const INVITEE = { name: 'Ivy Invitee', email: 'ivy@example.com', password: 'ivy-pass-1' };
const rows = () => admin.getByTestId('invite-row');

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto(server.url + '/admin/login');
  await page.fill('input[name=email]', email);
  await page.fill('input[name=password]', password);
  await page.getByRole('button', { name: 'Login' }).click();
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  const opts = { viewport: { width: 1280, height: 900 }, locale: 'en-US' };
  adminCtx = await browser.newContext(opts);
  await adminCtx.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  guestCtx = await browser.newContext(opts);
  admin = await adminCtx.newPage();
  guest = await guestCtx.newPage();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('invites in Chromium', () => {
  it('opens the empty invites screen from the menu', async () => {
    await signIn(admin, server.adminEmail, server.adminPassword);
    await expectToast(admin, 'Login successful.');
    await admin.getByTestId('side-menu').getByRole('link', { name: 'Invites', exact: true }).click();
    await waitForTitle(admin, 'Invites (0)');
    expect(new URL(admin.url()).pathname).toBe('/admin/invites');
    await admin.getByText('No invites found.').waitFor();
    await admin.getByTestId('invites-page-info').first().filter({ hasText: 'Page 1 / 1 • Total 0' }).waitFor();
    // One pager for an empty list (it showed above and below 'No invites found.').
    expect(await admin.getByTestId('invites-page-info').count()).toBe(1);
    expect(await admin.locator('input[name=hours]').inputValue()).toBe('48');
  });

  it('creates an invite for anyone, copies its link and deletes it after confirming', async () => {
    await admin.getByRole('button', { name: 'Create Invite' }).click();
    await expectToast(admin, 'Invite created.');
    await waitForTitle(admin, 'Invites (1)');
    const shown = (await admin.getByTestId('invite-link').textContent()) ?? '';
    expect(shown).toMatch(new RegExp(`^${server.url}/invite\\?token=[\\w-]{20,}$`));
    await expect(admin.getByTestId('invite-link-box').getByRole('link', { name: 'Open' }).getAttribute('href')).resolves.toBe(shown);
    const row = rows().first();
    await row.getByText('any', { exact: true }).waitFor();
    await row.getByText('not used').waitFor();
    // The row's link is named by what it shows and whose invite it is; its address is the tooltip.
    const open = row.getByRole('link', { name: 'Open the invite link anyone may use', exact: true });
    expect(await open.getAttribute('href')).toBe(shown);
    await open.hover();
    await admin.getByRole('tooltip').filter({ hasText: shown }).waitFor();
    expect(await admin.getByTestId('invites-page-info').count()).toBe(2);
    await row.getByRole('button', { name: 'Copy' }).click();
    await expectToast(admin, 'Link copied.');
    expect(await admin.evaluate(() => navigator.clipboard.readText())).toBe(shown);
    await row.getByRole('button', { name: 'Delete' }).click();
    await admin.getByRole('dialog').getByText('Delete this invite?').waitFor();
    await admin.getByRole('dialog').getByRole('button', { name: 'Yes, Delete it!' }).click();
    await expectToast(admin, 'Invite deleted.');
    await admin.getByText('No invites found.').waitFor();
  });

  it('validates the hours and creates an invite locked to an e-mail', async () => {
    await closeToasts(admin);
    await admin.fill('input[name=hours]', '0');
    await admin.getByRole('button', { name: 'Create Invite' }).click();
    await admin.getByText('Expires in (hours) must be at least 1').waitFor();
    await admin.fill('input[name=hours]', '24');
    await admin.fill('input[name=email]', INVITEE.email);
    await admin.getByRole('button', { name: 'Create Invite' }).click();
    await expectToast(admin, 'Invite created.');
    link = (await admin.getByTestId('invite-link').textContent()) ?? '';
    const row = rows().filter({ hasText: INVITEE.email });
    await row.getByText('not used').waitFor();
    const open = row.getByRole('link', { name: `Open the invite link for ${INVITEE.email}`, exact: true });
    expect(await open.getAttribute('href')).toBe(link);
  });

  it('lets the invitee register on the public accept-invite page', async () => {
    await guest.goto(link);
    const card = guest.getByTestId('accept-invite');
    await card.getByTestId('invite-email').filter({ hasText: INVITEE.email }).waitFor();
    await card.getByText('Email is locked to the invited address.').waitFor();
    expect(await guest.locator('input[name=email]').inputValue()).toBe(INVITEE.email);
    expect(await guest.locator('input[name=email]').getAttribute('readonly')).not.toBeNull();
    await guest.getByRole('button', { name: 'Submit for Approval' }).click();
    await card.getByText('Name is required').waitFor();
    await card.getByText('Password is required').waitFor();
    await guest.fill('input[name=name]', INVITEE.name);
    await guest.fill('input[name=password]', '123');
    await guest.getByRole('button', { name: 'Submit for Approval' }).click();
    await card.getByText('Password must have at least 6 characters').waitFor();
    await guest.fill('input[name=password]', INVITEE.password);
    await guest.getByRole('button', { name: 'Submit for Approval' }).click();
    await card.getByText('Registration submitted. Awaiting approval.').waitFor();
    await card.getByText('An admin will review and approve your access.').waitFor();
    // The same link cannot register a second account.
    await guest.reload();
    await card.getByText('This invite has already been used.').waitFor();
  });

  it('keeps the invitee out until approved', async () => {
    await signIn(guest, INVITEE.email, INVITEE.password);
    // The light login page shows the server's refusal in the form, not as a toast.
    await guest.getByRole('alert').filter({ hasText: 'Your account is awaiting approval.' }).waitFor();
    expect(new URL(guest.url()).pathname).toBe('/admin/login');
  });

  it('tells the admin through the bell and approves from the invites screen', async () => {
    // The bell polls every 15 s; a reload asks at once.
    await admin.goto(server.url + '/admin');
    await admin.getByTestId('bell-badge').filter({ hasText: '1' }).waitFor();
    await admin.getByRole('button', { name: 'Notifications' }).click();
    // The dashboard lists it too; the bell's menu opens last in the page.
    await admin.getByText('New registration awaiting approval').last().click();
    await admin.waitForURL((u) => u.pathname === '/admin/invites');
    const row = rows().filter({ hasText: INVITEE.email });
    await row.getByText('submitted').waitFor();
    // Submitted invites are decided on, not copied or deleted.
    expect(await row.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    // Who registered shows in the row, and Approve asks first, naming them.
    await row.getByTestId('invite-registrant').filter({ hasText: INVITEE.name }).filter({ hasText: INVITEE.email }).waitFor();
    await row.getByRole('button', { name: 'Approve' }).click();
    const ask = admin.getByRole('dialog', { name: 'Approve this registration?' });
    await ask.getByText(`${INVITEE.name} (${INVITEE.email}) will be able to sign in with the default role.`).waitFor();
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await ask.waitFor({ state: 'detached' });
    await row.getByText('submitted').waitFor();
    await row.getByRole('button', { name: 'Approve' }).click();
    await ask.getByRole('button', { name: 'Approve' }).click();
    await expectToast(admin, 'User approved.');
    await row.getByText('consumed').waitFor();
    expect(await row.getByRole('button', { name: 'Approve' }).count()).toBe(0);
  });

  it('lets the approved invitee sign in', async () => {
    await signIn(guest, INVITEE.email, INVITEE.password);
    await expectToast(guest, 'Login successful.');
    await guest.waitForURL((u) => u.pathname === '/admin' || u.pathname === '/admin/');
  });
});
