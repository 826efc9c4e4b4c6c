import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';

export interface Login {
  token: string;
  user: unknown;
  role: unknown;
}

/** A fresh browser profile in a language, width and colour scheme, optionally signed in with a login answer. */
export async function visit(
  browser: Browser,
  opts: { lang?: 'en' | 'el'; width?: number; login?: Login | null; dark?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const lang = opts.lang ?? 'en';
  const width = opts.width ?? 1280;
  const context = await browser.newContext({
    viewport: { width, height: width < 600 ? 844 : 900 },
    locale: lang === 'el' ? 'el-GR' : 'en-US',
    colorScheme: opts.dark ? 'dark' : 'light',
  });
  await context.addInitScript(
    ([l, info]) => {
      if (sessionStorage.getItem('e2e-init')) return;
      sessionStorage.setItem('e2e-init', '1');
      localStorage.setItem('i18nextLng', l as string);
      if (info && typeof info === 'object') {
        const i = info as { token: string; user: unknown; role: unknown };
        localStorage.setItem('userInfo', JSON.stringify({ token: i.token, user: i.user }));
        localStorage.setItem('role', JSON.stringify(i.role));
      }
    },
    [lang, opts.login ?? null] as const,
  );
  return { context, page: await context.newPage() };
}

/** A full-page screenshot for a human to look at, when E2E_SHOTS names a folder. */
export async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

/** Signs in through the API with a given user agent; returns the login answer. */
export async function apiLogin(url: string, email: string, password: string, userAgent = 'e2e'): Promise<Login> {
  const res = await fetch(url + '/api/auth/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'User-Agent': userAgent },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
  return (await res.json()) as Login;
}

/** One API call with a token; returns status and JSON body. */
export async function apiCall(url: string, token: string, method: string, p: string, body?: unknown) {
  const res = await fetch(url + p, {
    method,
    // A body-less call (a DELETE) sends no content type: the server refuses JSON that is not there.
    headers: { ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), Authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as unknown) : null };
}
