import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import { decodeJwt, decodeProtectedHeader, exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK, type JWTPayload } from 'jose';

/** A person the test provider knows: their claims, as the provider releases them. */
export interface TestAccount {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  groups?: string[];
}

/** Changes the ID token in the token endpoint's answer (a proxy in front of it), or null to leave it. */
export type TokenRewrite = (idToken: string, p: TestProvider) => Promise<string> | string;

export interface TestProvider {
  issuer: string;
  /** The provider's signing key (its JWKS publishes the public half): re-signs tokens a rewrite changes. */
  privateKey: CryptoKey;
  publicJwk: JWK;
  kid: string;
  accounts: Map<string, TestAccount>;
  /** Applied to the next token answers until set back to null. */
  rewrite: TokenRewrite | null;
  /** Extra public keys published in the JWKS (a key rotation). */
  extraKeys: JWK[];
  /** Every ID token the token endpoint gave out, before any rewrite. */
  issued: string[];
  /** Signs `claims` with the provider's key (or `key`/`kid`), with the header's `alg`. */
  sign(claims: JWTPayload, opts?: { key?: CryptoKey | Uint8Array; kid?: string; alg?: string }): Promise<string>;
  close(): Promise<void>;
}

const page = (body: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><title>Test provider</title></head><body>${body}</body></html>`;

async function formBody(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/**
 * A real OpenID Provider (panva's oidc-provider) on 127.0.0.1 for the tests:
 * discovery, JWKS, authorization with PKCE, token endpoint. Its log-in and
 * consent screens are two small forms (the account id to sign in as, and
 * optionally the `amr` to report); in front of its token endpoint a rewrite
 * may change the ID token it answers, to send the client a bad one.
 */
export async function startTestProvider(opts: {
  clientId: string;
  clientSecret?: string;
  /** A function when the app's address is known only after the provider started (read at the first request). */
  redirectUris: string[] | (() => string[]);
}): Promise<TestProvider> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const kid = 'test-key-1';
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: 'RS256', use: 'sig' };
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  const accounts = new Map<string, TestAccount>();

  const configure = () =>
    new Provider(issuer, {
      clients: [
        {
          client_id: opts.clientId,
          ...(opts.clientSecret ? { client_secret: opts.clientSecret } : {}),
          token_endpoint_auth_method: opts.clientSecret ? 'client_secret_basic' : 'none',
          redirect_uris: typeof opts.redirectUris === 'function' ? opts.redirectUris() : opts.redirectUris,
          grant_types: ['authorization_code'],
          response_types: ['code'],
        },
      ],
      jwks: { keys: [privateJwk] },
      pkce: { required: () => true },
      claims: {
        // How the person signed in, in every ID token (the client reads `amr`).
        openid: ['sub', 'acr', 'amr', 'auth_time'],
        email: ['email', 'email_verified'],
        profile: ['name'],
        groups: ['groups'],
      },
      // The scopes' claims in the ID token itself (what the client reads), not only at the userinfo endpoint.
      conformIdTokenClaims: false,
      features: { devInteractions: { enabled: false } },
      interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
      cookies: { keys: ['oidc-test-provider-cookie-key'] },
      ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
      async findAccount(_ctx, id) {
        const account = accounts.get(id);
        if (!account) return undefined;
        return { accountId: id, claims: () => ({ ...account }) };
      },
    });
  let provider: Provider | undefined;
  let callback: ReturnType<Provider['callback']> | undefined;
  const ready = () => {
    provider ??= configure();
    callback ??= provider.callback();
    return { provider, callback };
  };

  const tp: TestProvider = {
    issuer,
    privateKey,
    publicJwk,
    kid,
    accounts,
    rewrite: null,
    extraKeys: [],
    issued: [],
    async sign(claims, o = {}) {
      return new SignJWT(claims).setProtectedHeader({ alg: o.alg ?? 'RS256', kid: o.kid ?? kid }).sign(o.key ?? privateKey);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  /** The log-in and consent screens: forms the tests (and Chromium) fill in. */
  async function interaction(req: IncomingMessage, res: ServerResponse, uid: string, action: string | undefined) {
    const { provider } = ready();
    const details = await provider.interactionDetails(req, res);
    if (req.method === 'GET') {
      res.setHeader('content-type', 'text/html; charset=utf-8');
      if (details.prompt.name === 'login') {
        res.end(
          page(`<h1>Test provider: sign in</h1>
<form method="post" action="/interaction/${uid}/login">
<label>Account <input name="login" autofocus></label>
<label>amr <input name="amr"></label>
<button type="submit">Sign in at the provider</button></form>`),
        );
      } else {
        res.end(
          page(`<h1>Test provider: consent</h1>
<form method="post" action="/interaction/${uid}/confirm"><button type="submit">Allow</button></form>`),
        );
      }
      return;
    }
    const body = await formBody(req);
    if (action === 'login') {
      const accountId = body.get('login') ?? '';
      if (!accounts.has(accountId)) {
        res.statusCode = 400;
        res.end(page('<p>Unknown account</p>'));
        return;
      }
      const amr = (body.get('amr') ?? '').split(/\s+/).filter(Boolean);
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId, ...(amr.length ? { amr } : {}) } },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    const { grantId, session, params, prompt } = details;
    const grant = grantId
      ? await provider.Grant.find(grantId)
      : new provider.Grant({ accountId: session?.accountId, clientId: String(params.client_id) });
    if (!grant) throw new Error('grant not found');
    const missing = prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] };
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
    if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
    await provider.interactionFinished(req, res, { consent: { grantId: await grant.save() } }, { mergeWithLastSubmission: true });
  }

  /** The token endpoint's answer, its ID token kept and (when asked) rewritten before it leaves. */
  function interceptToken(res: ServerResponse) {
    const end = res.end.bind(res) as (chunk?: unknown) => ServerResponse;
    let done = false;
    res.end = ((chunk?: unknown) => {
      if (done || chunk === undefined || res.statusCode !== 200) return end(chunk);
      done = true;
      void (async () => {
        const answer = JSON.parse(Buffer.from(chunk as Buffer | string).toString('utf8')) as { id_token?: string };
        if (answer.id_token) {
          tp.issued.push(answer.id_token);
          if (tp.rewrite) answer.id_token = await tp.rewrite(answer.id_token, tp);
        }
        const text = JSON.stringify(answer);
        res.setHeader('content-length', Buffer.byteLength(text));
        end(text);
      })();
      return res;
    }) as typeof res.end;
  }

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', issuer);
    const m = /^\/interaction\/([^/]+)(?:\/(login|confirm))?$/.exec(url.pathname);
    if (m) {
      interaction(req, res, m[1], m[2]).catch((err: unknown) => {
        res.statusCode = 500;
        res.end(String(err));
      });
      return;
    }
    if (url.pathname === '/jwks' && tp.extraKeys.length) {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ keys: [publicJwk, ...tp.extraKeys] }));
      return;
    }
    if (url.pathname === '/token' && req.method === 'POST') interceptToken(res);
    void ready().callback(req, res);
  });
  return tp;
}

/** An ID token's claims and header, to build a changed copy. */
export function partsOf(idToken: string) {
  return { header: decodeProtectedHeader(idToken), claims: decodeJwt(idToken) };
}
