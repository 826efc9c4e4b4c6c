import { createRemoteJWKSet, type JWTVerifyGetKey } from 'jose';
import type { OidcConfig } from './oidc-config';

/** What this client reads of the provider's discovery document. */
export interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
  token_endpoint_auth_methods_supported?: string[];
  code_challenge_methods_supported?: string[];
}

/** A provider that could not be reached or answered nonsense: the sign-in cannot go on (never a secret in the message). */
export class ProviderError extends Error {}

/** The provider's answer to the code exchange: its error (the code is wrong, used or expired) or the tokens. */
export type TokenAnswer = { ok: true; idToken: string } | { ok: false; error: string };

const TIMEOUT_MS = 10_000;
/** Discovery is read again after this long (a provider may move its endpoints). */
const DISCOVERY_TTL_MS = 60 * 60 * 1000;

async function fetchJson(url: string, init: RequestInit = {}): Promise<{ status: number; body: unknown }> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (err) {
    throw new ProviderError(`${new URL(url).origin} did not answer: ${(err as Error).message}`);
  }
  const body = await res.json().catch(() => null);
  return { status: res.status, body };
}

const isUrl = (v: unknown): v is string => typeof v === 'string' && /^https?:\/\//.test(v);

/**
 * One app's view of its OpenID Provider: the discovery document and the key
 * set, each cached in this process (a cache, not shared state: any replica
 * fetches its own and they agree because the provider says the same thing).
 * The key set (jose's remote JWKS) is fetched again when a token names a key
 * id it does not know: the provider rotated its keys.
 */
export class OidcProvider {
  private discovery?: { at: number; doc: Discovery };
  private keys?: { uri: string; set: JWTVerifyGetKey };

  constructor(readonly config: OidcConfig) {}

  async metadata(): Promise<Discovery> {
    if (this.discovery && Date.now() - this.discovery.at < DISCOVERY_TTL_MS) return this.discovery.doc;
    const url = `${this.config.issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`;
    const { status, body } = await fetchJson(url, { headers: { accept: 'application/json' } });
    const doc = body as Partial<Discovery> | null;
    if (status !== 200 || !doc) throw new ProviderError(`discovery at ${url} answered ${status}`);
    // OpenID Connect Discovery 4.3: the document's issuer is exactly the one configured.
    if (doc.issuer !== this.config.issuer) throw new ProviderError(`discovery names issuer "${String(doc.issuer)}", not OIDC_ISSUER`);
    if (!isUrl(doc.authorization_endpoint) || !isUrl(doc.token_endpoint) || !isUrl(doc.jwks_uri))
      throw new ProviderError('discovery lacks an authorization, token or JWKS endpoint');
    if (doc.code_challenge_methods_supported && !doc.code_challenge_methods_supported.includes('S256'))
      throw new ProviderError('the provider does not support PKCE with S256');
    this.discovery = { at: Date.now(), doc: doc as Discovery };
    return doc as Discovery;
  }

  /** The provider's signing keys, refetched on an unknown key id. */
  async keySet(): Promise<JWTVerifyGetKey> {
    const { jwks_uri } = await this.metadata();
    if (this.keys?.uri !== jwks_uri) {
      // The ID token comes from our own call to the token endpoint, never from the browser,
      // so a key id it names is the provider's: look again at once rather than after a cool-down.
      this.keys = { uri: jwks_uri, set: createRemoteJWKSet(new URL(jwks_uri), { cooldownDuration: 0, timeoutDuration: TIMEOUT_MS }) };
    }
    return this.keys.set;
  }

  /** Redeems the authorization code (with its PKCE verifier) at the token endpoint. */
  async exchange(code: string, codeVerifier: string, redirectUri: string): Promise<TokenAnswer> {
    const meta = await this.metadata();
    const form = new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: codeVerifier });
    const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' };
    const { clientId, clientSecret } = this.config;
    const methods = meta.token_endpoint_auth_methods_supported ?? ['client_secret_basic'];
    if (!clientSecret) form.set('client_id', clientId);
    else if (!methods.includes('client_secret_basic') && methods.includes('client_secret_post')) {
      form.set('client_id', clientId);
      form.set('client_secret', clientSecret);
    } else {
      // RFC 6749 2.3.1: both parts form-encoded before the Basic scheme.
      const basic = Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret)}`).toString('base64');
      headers.authorization = `Basic ${basic}`;
    }
    const { status, body } = await fetchJson(meta.token_endpoint, { method: 'POST', headers, body: form });
    const answer = (body ?? {}) as { id_token?: unknown; error?: unknown };
    if (status !== 200) return { ok: false, error: typeof answer.error === 'string' ? answer.error : `status ${status}` };
    if (typeof answer.id_token !== 'string') return { ok: false, error: 'no id_token' };
    return { ok: true, idToken: answer.id_token };
  }
}
