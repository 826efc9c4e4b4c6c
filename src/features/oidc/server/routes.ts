import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { oidcCallback, oidcComplete, oidcStart } from '../contract';
import { perAddress } from '../../../core/server/security/rate-limits';
import { usersT } from '../../../core/server/db/tables';
import { auditActorOf, recordAudit } from '../../../core/server/audit/record';
import { auditedSignIn } from '../../../core/server/audit/sign-in';
import { clientOf } from '../../../core/server/http/client-of';
import { firstStep } from '../../two-factor/server/sign-in-step';
import { signIn } from '../../sign-in/server/login-response';
import { claimCompletion, claimState, leaveCompletion, startFlow } from './flows';
import { OidcProvider, ProviderError } from './provider';
import { IdTokenRefused, multiFactor, verifyIdToken } from './id-token';
import { accountFor } from './accounts';
import { syncRoles } from './roles';
import { OidcRefusal } from './refusal';
import { refusalPage } from './refusal-page';
import type { OidcConfig } from './oidc-config';
import { sameSitePath } from '../../../core/shared/same-site-path';

/** Where the provider's redirect and the sign-in's end land. */
const CALLBACK_PATH = '/api/auth/oidc/callback';
const LOGIN_PATH = '/admin/login';

/** A path on this site (never another origin): where the login page goes after signing in. */
function localPath(next: string | undefined): string | undefined {
  return sameSitePath(next) ?? undefined;
}

/** A browser navigating (it asked for a page) rather than an API client. */
const wantsPage = (req: FastifyRequest) => /\btext\/html\b/.test(String(req.headers.accept ?? ''));

/**
 * OpenID Connect sign-in (authorization code flow with PKCE, state and
 * nonce). Everything a sign-in keeps between its steps is in the database
 * (src/core/server/db/system-tables.ts, `oidc_sign_ins`), so each step may
 * reach any replica.
 */
export async function oidcRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  const { config } = app.deps;
  const db = () => app.deps.database.db;
  const provider = config.oidc ? new OidcProvider(config.oidc) : null;
  // Read at each use: the public URL is known once the server listens (tests on port 0).
  const redirectUri = () => `${config.publicUrl}${CALLBACK_PATH}`;
  const routeConfig = { access: 'public' as const, rateLimit: perAddress(config.authRateLimit) };

  const configured = (): { oidc: OidcConfig; provider: OidcProvider } => {
    if (!config.oidc || !provider) throw new OidcRefusal('not_configured');
    return { oidc: config.oidc, provider };
  };

  /** The provider could not be reached or said nonsense: the person may try again later. */
  const reaching = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (err) {
      if (err instanceof ProviderError) throw new OidcRefusal('unavailable', err.message);
      throw err;
    }
  };

  /**
   * A refusal: logged with its reason (never a code, state or token), then a
   * 4xx: JSON to a client, to a browser a page that opens the login page,
   * which says why in the person's language.
   */
  const refuse = (req: FastifyRequest, reply: FastifyReply, err: unknown) => {
    if (!(err instanceof OidcRefusal)) throw err;
    req.log.warn({ reason: err.reason, detail: err.detail }, 'OpenID Connect sign-in refused');
    if (err.statusCode === 503) void reply.header('Retry-After', '30');
    if (!wantsPage(req)) throw err;
    return reply.status(err.statusCode).type('text/html; charset=utf-8').send(refusalPage(err.reason, LOGIN_PATH));
  };

  /**
   * A refused sign-in of someone the provider named, in the audit trail: the
   * reason and the provider, never the token. A stray callback (unknown
   * state, nobody named) is only logged: anyone could send those.
   */
  const recordRefusal = async (req: FastifyRequest, err: unknown, who: { email: string | null; userId: string | null }) => {
    if (!(err instanceof OidcRefusal) || !config.oidc || (!who.email && !who.userId)) return;
    await recordAudit(db(), auditActorOf(req, { id: null, email: who.email }), {
      action: 'sign-in-failed',
      resource: 'users',
      recordId: who.userId,
      diff: { reason: { after: `oidc ${err.reason}` }, provider: { after: config.oidc.issuer } },
    });
  };

  app.get('/api/auth/oidc/start', { config: routeConfig, schema: oidcStart }, async (req, reply) => {
    try {
      const { oidc, provider } = configured();
      const meta = await reaching(() => provider.metadata());
      const flow = await startFlow(db(), { invite: req.query.invite, nextPath: localPath(req.query.next) });
      const url = new URL(meta.authorization_endpoint);
      const params = {
        response_type: 'code',
        client_id: oidc.clientId,
        redirect_uri: redirectUri(),
        scope: oidc.scopes,
        state: flow.state,
        nonce: flow.nonce,
        code_challenge: flow.codeChallenge,
        code_challenge_method: 'S256',
      };
      for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
      return reply.redirect(url.toString(), 302);
    } catch (err) {
      return refuse(req, reply, err);
    }
  });

  app.get(CALLBACK_PATH, { config: routeConfig, schema: oidcCallback }, async (req, reply) => {
    const who = { email: null as string | null, userId: null as string | null };
    try {
      const { oidc, provider } = configured();
      const q = req.query;
      // The state is claimed first, whatever came with it: it works once.
      const flow = await claimState(db(), q.state);
      if (!flow) throw new OidcRefusal('expired', 'unknown, expired or used state');
      if (q.error) throw new OidcRefusal('denied', `the provider answered ${q.error}`);
      if (!q.code) throw new OidcRefusal('failed', 'no code');
      // RFC 9207: a provider that names itself must name the configured issuer (a mix-up otherwise).
      if (q.iss !== undefined && q.iss !== oidc.issuer) throw new OidcRefusal('failed', 'iss parameter is another issuer');
      const answer = await reaching(() => provider.exchange(q.code as string, flow.codeVerifier, redirectUri()));
      if (!answer.ok) throw new OidcRefusal('failed', `token endpoint refused: ${answer.error}`);
      const id = await reaching(async () =>
        verifyIdToken(answer.idToken, await provider.keySet(), { issuer: oidc.issuer, clientId: oidc.clientId, nonce: flow.nonce }),
      ).catch((err: unknown) => {
        if (err instanceof IdTokenRefused) throw new OidcRefusal('failed', `ID token refused: ${err.message}`);
        throw err;
      });
      who.email = id.email;
      const account = await accountFor(db(), oidc, id, {
        invite: flow.invite,
        storage: app.deps.storage,
        actor: auditActorOf(req, { id: null, email: id.email }),
      });
      const userId = account.kind === 'user' ? account.user.id : account.userId;
      who.userId = userId;
      if (account.kind === 'user') {
        if (account.user.blocked) throw new OidcRefusal('blocked');
        if (!account.user.confirmed) throw new OidcRefusal('unconfirmed');
      }
      const actor = auditActorOf(req, { id: userId, email: id.email });
      // A registration awaiting approval gets its roles at its first sign-in after the approval, not before.
      if (account.kind === 'user') await syncRoles(db(), oidc, userId, id.claims, { storage: app.deps.storage, actor, log: req.log });
      await recordAudit(db(), actor, {
        action: 'sign-in-provider',
        resource: 'users',
        recordId: userId,
        diff: { provider: { after: oidc.issuer }, ...(id.amr.length ? { amr: { after: id.amr.join(' ') } } : {}) },
      });
      const code = await leaveCompletion(db(), flow.id, {
        userId,
        outcome: account.kind === 'registered' ? 'registered' : 'sign-in',
        mfa: oidc.trustAmr && multiFactor(id.amr),
      });
      const next = flow.nextPath ? `?next=${encodeURIComponent(flow.nextPath)}` : '';
      // The code rides in the fragment: it never reaches a server's log or a Referer.
      return reply.redirect(`${LOGIN_PATH}${next}#oidc=${code}`, 302);
    } catch (err) {
      await recordRefusal(req, err, who);
      return refuse(req, reply, err);
    }
  });

  app.post('/api/auth/oidc/complete', { config: routeConfig, schema: oidcComplete }, async (req, reply) => {
    configured();
    const done = await claimCompletion(db(), req.body.code);
    if (!done) throw new OidcRefusal('expired', 'unknown, expired or used completion code');
    if (done.outcome === 'registered')
      return reply.status(202).send({ ok: true as const, message: 'Registration submitted. Awaiting approval.' });
    const [user] = await db().select().from(usersT).where(eq(usersT.id, done.userId));
    if (!user) throw new OidcRefusal('expired', 'the account is gone');
    const { jwtSecret } = app.deps;
    return auditedSignIn(db(), req, user, () =>
      // The provider did multi-factor and OIDC_TRUST_AMR trusts it: no second code here.
      done.mfa
        ? signIn(db(), jwtSecret, config.sessionTtl, user, clientOf(req), { providerMfa: true })
        : firstStep(db(), jwtSecret, config.sessionTtl, user, clientOf(req)),
    );
  });
}
