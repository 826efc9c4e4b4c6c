import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startServer, type RunningServer } from '../../../../tests/e2e/server';
import { expectToast, launchBrowser } from '../../../../tests/e2e/browser';
import { expectAccessible, overflowsSideways } from '../../../../tests/e2e/axe';
import { apiCall, apiLogin, shot, visit, type Login } from '../../../../tests/e2e/visit';
import { startReceiver, until, verify, type Receiver } from './receiver';

let server: RunningServer;
let browser: Browser;
let admin: Login;
let rx: Receiver;

beforeAll(async () => {
  rx = await startReceiver();
  server = await startServer({ WEBHOOKS_ALLOW_HTTP: '1', WEBHOOKS_ALLOW_PRIVATE: '1' });
  browser = await launchBrowser();
  admin = await apiLogin(server.url, server.adminEmail, server.adminPassword);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await rx?.close();
});

describe('the webhooks screens', () => {
  it('adds an endpoint (secret shown once), sends a test event, shows the delivery and redelivers it', async () => {
    const { context, page } = await visit(browser, { login: admin });
    await page.goto(server.url + '/admin/webhooks');
    await page.getByText('No webhook endpoints.').waitFor();
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const form = page.getByRole('dialog', { name: 'Add endpoint' });
    await form.getByLabel('URL').fill(rx.url('/e2e'));
    await form.getByLabel('Events').fill('users.created, users.updated');
    await form.getByRole('button', { name: 'Save' }).click();
    const shown = page.getByRole('dialog', { name: 'Copy the signing secret now' });
    const secret = await shown.getByLabel('Signing secret').inputValue();
    expect(secret).toMatch(/^whsec_/);
    await expectAccessible(page, '[role=dialog]');
    await shot(page, 'webhooks-secret-en-desktop');
    await shown.getByRole('button', { name: 'Done' }).click();
    expect(await page.content()).not.toContain(secret.slice(6));

    await page.getByRole('link', { name: rx.url('/e2e') }).click();
    await page.getByRole('heading', { name: rx.url('/e2e') }).waitFor();
    await page.getByRole('button', { name: 'Send test event' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await expectToast(page, 'Test event queued.');
    await until(() => rx.of('webhook.test').length > 0);
    verify(secret, rx.of('webhook.test')[0]);
    await page.getByRole('link', { name: 'webhook.test' }).waitFor({ timeout: 10_000 });
    await expectAccessible(page);
    await shot(page, 'webhooks-endpoint-en-desktop');

    await page.getByRole('link', { name: 'webhook.test' }).click();
    await page.getByRole('heading', { name: 'webhook.test' }).waitFor();
    await page
      .getByText(/· 200 ·/)
      .first()
      .waitFor();
    await page.getByRole('button', { name: 'Redeliver' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await until(() => rx.of('webhook.test').length > 1);
    expect(rx.of('webhook.test')[1].headers['webhook-id']).toBe(rx.of('webhook.test')[0].headers['webhook-id']);
    await expectAccessible(page);
    await context.close();
  });

  it('reads in Greek, passes axe in dark mode and fits 390 px', async () => {
    const made = await apiCall(server.url, admin.token, 'POST', '/api/auth/webhooks', {
      url: rx.url('/ένα-πολύ-μεγάλο-μονοπάτι-που-πρέπει-να-χωράει-στην-οθόνη-του-τηλεφώνου'),
      description: 'Συγχρονισμός με το κατάστημα',
      events: ['*'],
    });
    expect(made.status).toBe(201);
    for (const lang of ['el', 'en'] as const) {
      const { context, page } = await visit(browser, { login: admin, lang, width: 390, dark: lang === 'el' });
      await page.goto(server.url + '/admin/webhooks');
      await page.getByRole('heading', { name: 'Webhooks', level: 1 }).waitFor();
      await page.getByText('Συγχρονισμός με το κατάστημα').waitFor();
      expect(await overflowsSideways(page)).toBe(false);
      await expectAccessible(page);
      await shot(page, `webhooks-list-${lang}-phone`);
      await page.getByRole('button', { name: lang === 'el' ? 'Προσθήκη endpoint' : 'Add endpoint' }).click();
      await page.getByRole('dialog').getByLabel('URL').waitFor();
      expect(await overflowsSideways(page)).toBe(false);
      await expectAccessible(page, '[role=dialog]');
      await context.close();
    }
  });
});
