import type { LightMyRequestResponse } from 'fastify';
import type { FastifyInstance } from 'fastify';

/**
 * A browser's walk through an OpenID Connect sign-in, over HTTP: the app's
 * start (its 302), the provider's redirects, log-in form and consent (with
 * the provider's cookies), up to the provider's redirect back to the app.
 * The app's own steps go through `inject` (the app under test need not
 * listen); the provider is a real server on 127.0.0.1.
 */
export class ProviderBrowser {
  private cookies = new Map<string, string>();

  constructor(private readonly appOrigin: string) {}

  private remember(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (!value || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  private async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers as object), ...(cookie ? { cookie } : {}) } });
    this.remember(res);
    return res;
  }

  /**
   * From the provider's authorization URL to the redirect back to the app:
   * signs in as `account` (reporting `amr` when given) and consents. Returns
   * the app's callback path with its query.
   */
  async authorize(authorizationUrl: string, account: string, opts: { amr?: string } = {}): Promise<string> {
    let url = authorizationUrl;
    for (let step = 0; step < 20; step++) {
      if (url.startsWith(this.appOrigin)) return url.slice(this.appOrigin.length);
      const res = await this.fetch(url);
      if (res.status >= 300 && res.status < 400) {
        url = new URL(res.headers.get('location') ?? '', url).toString();
        continue;
      }
      const html = await res.text();
      if (res.status !== 200) throw new Error(`provider answered ${res.status} at ${url}: ${html.slice(0, 300)}`);
      const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
      if (!action) throw new Error(`no form at ${url}: ${html.slice(0, 300)}`);
      const form = action.endsWith('/login') ? new URLSearchParams({ login: account, amr: opts.amr ?? '' }) : new URLSearchParams();
      const posted = await this.fetch(new URL(action, url).toString(), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form,
      });
      if (posted.status < 300 || posted.status >= 400) throw new Error(`form at ${url} answered ${posted.status}: ${await posted.text()}`);
      url = new URL(posted.headers.get('location') ?? '', url).toString();
    }
    throw new Error('too many redirects');
  }
}

/** The fragment's one-time code of the callback's redirect to the login page. */
export function completionCodeOf(callback: LightMyRequestResponse): string {
  const location = String(callback.headers.location ?? '');
  const code = /#oidc=([^&]+)$/.exec(location)?.[1];
  if (!code) throw new Error(`no code in ${callback.statusCode} ${location} ${callback.body}`);
  return code;
}

/** GET /api/auth/oidc/start on `app`: the provider's authorization URL it redirects to. */
export async function startAt(app: FastifyInstance, query: Record<string, string> = {}): Promise<string> {
  const qs = new URLSearchParams(query).toString();
  const res = await app.inject({ method: 'GET', url: `/api/auth/oidc/start${qs ? `?${qs}` : ''}` });
  if (res.statusCode !== 302) throw new Error(`start answered ${res.statusCode}: ${res.body}`);
  return String(res.headers.location);
}
