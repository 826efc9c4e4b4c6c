import { sql, type SQLChunk } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { permissionsT, rolePermissionsT, rolesT, sessions, userRolesT, userTwoFactor, usersT } from '../db/tables';
import { apiTokens, roleAccess } from '../db/system-tables';
import { combineRules, type Access as RecordAccess } from '../access/access';
import type { AccessRule } from '../../shared/access-rules';
import { badRequest, forbidden, HttpError, unauthorized } from '../http/http-error';
import { rowsOf } from '../db/rows';
import { inlinable, pglitePrepared, type PreparedRun } from '../db/pglite-prepared';
import { isPglite, type Database, type Db } from '../db/client';
import { verifySessionToken, type SessionClaims } from '../security/jwt';
import { AuthCache } from '../security/auth-cache';
import { sessionToucher } from '../../../features/sessions/server/touch';
import { tokenToucher } from '../../../features/api-tokens/server/touch';
import { looksLikeApiToken, wellFormedApiToken } from '../../../features/api-tokens/server/token-secret';
import { API_TOKEN_MESSAGES, routeTakesApiTokens } from '../security/api-token-rules';
import { hashToken } from '../security/random-token';
import { clientOf } from '../http/client-of';
import type { Access, AuthContext } from '../types';

interface SessionRow extends Record<string, unknown> {
  perm_auth: boolean | null;
  user_id: string | null;
  name: string | null;
  email: string | null;
  superadmin: boolean | null;
  allowed: boolean | null;
  /** When the session ends (ms since the epoch); null without a live session. */
  expires_ms: number | null;
  /** A role of the user requires two-factor sign-in and the user has not set it up. */
  needs_two_factor: boolean | null;
  /** For a resource's route: the access rule of each role that holds its permission (null: none, all allowed). */
  access_rules: (AccessRule | null)[] | null;
  /** The ids of the user's roles (`$myRoles` in access rules). */
  role_ids: string[] | null;
  /** A role of the user has access rules for some resource (a ref's target may limit what it shows). */
  has_rules: boolean | null;
  /** With an API token: the token, and whether its scope holds the route's permission record and its method. */
  token_id: string | null;
  token_name: string | null;
  token_read_only: boolean | null;
  token_in_scope: boolean | null;
}

function bearer(request: FastifyRequest): string | null {
  const h = request.headers.authorization;
  if (!h || !h.startsWith('Bearer ')) return null;
  return h.slice(7).trim() || null;
}

/**
 * One statement checks a session (`sid`, `sub`) or an API token (`hash`):
 * the other's parameters are values that match no row, so both keep one
 * prepared statement whose values can be inlined (PGlite).
 */
const NO_ID = '00000000-0000-0000-0000-000000000000';
const NO_HASH = 'none';

type SessionParams = Record<'method' | 'route' | 'sid' | 'sub' | 'resource' | 'hash', SQLChunk>;

function sessionCheckQuery(db: Db, p: SessionParams) {
  return db.select({
    perm_auth: sql<boolean | null>`(SELECT p.auth FROM ${permissionsT} p WHERE p.method = ${p.method} AND p.route = ${p.route} LIMIT 1)`.as(
      'perm_auth',
    ),
    user_id: sql<string | null>`u.id`.as('user_id'),
    name: sql<string | null>`u.name`.as('name'),
    email: sql<string | null>`u.email`.as('email'),
    superadmin: sql<boolean | null>`EXISTS (SELECT 1 FROM ${userRolesT} ur JOIN ${rolesT} r ON r.id = ur.role_id
                WHERE ur.user_id = u.id AND r.type = 'superadmin')`.as('superadmin'),
    allowed: sql<boolean | null>`EXISTS (SELECT 1 FROM ${userRolesT} ur JOIN ${rolePermissionsT} rp ON rp.owner_id = ur.role_id
                JOIN ${permissionsT} p ON p.id = rp.target_id
                WHERE ur.user_id = u.id AND p.method = ${p.method} AND p.route = ${p.route})`.as('allowed'),
    // A token without an expiry lasts until it is revoked (which notifies auth_changed).
    expires_ms: sql<number | null>`CASE WHEN t.id IS NOT NULL AND t.expires_at IS NULL THEN 'Infinity'::float8
                ELSE (extract(epoch FROM COALESCE(s.expires_at, t.expires_at)) * 1000)::float8 END`.as('expires_ms'),
    needs_two_factor: sql<boolean | null>`EXISTS (SELECT 1 FROM ${userRolesT} ur JOIN ${rolesT} r ON r.id = ur.role_id
                WHERE ur.user_id = u.id AND r.require_two_factor)
              AND NOT EXISTS (SELECT 1 FROM ${userTwoFactor} tf WHERE tf.user_id = u.id AND tf.enabled)
              AND NOT COALESCE(s.provider_mfa, false)`.as('needs_two_factor'),
    access_rules: sql<(AccessRule | null)[] | null>`(SELECT jsonb_agg(ra.rule) FROM ${userRolesT} ur
                JOIN ${rolePermissionsT} rp ON rp.owner_id = ur.role_id
                JOIN ${permissionsT} p ON p.id = rp.target_id AND p.method = ${p.method} AND p.route = ${p.route}
                LEFT JOIN ${roleAccess} ra ON ra.role_id = ur.role_id AND ra.resource = ${p.resource}
                WHERE ur.user_id = u.id AND ${p.resource} <> '')`.as('access_rules'),
    role_ids: sql<string[] | null>`(SELECT jsonb_agg(ur.role_id) FROM ${userRolesT} ur WHERE ur.user_id = u.id)`.as('role_ids'),
    has_rules: sql<boolean | null>`EXISTS (SELECT 1 FROM ${userRolesT} ur JOIN ${roleAccess} ra ON ra.role_id = ur.role_id
                WHERE ur.user_id = u.id)`.as('has_rules'),
    token_id: sql<string | null>`t.id`.as('token_id'),
    token_name: sql<string | null>`t.name`.as('token_name'),
    token_read_only: sql<boolean | null>`t.read_only`.as('token_read_only'),
    token_in_scope: sql<boolean | null>`(t.permission_ids IS NULL OR EXISTS (SELECT 1 FROM ${permissionsT} p
                WHERE p.method = ${p.method} AND p.route = ${p.route} AND p.id = ANY (t.permission_ids)))`.as('token_in_scope'),
  }).from(sql`(SELECT 1) one
      LEFT JOIN ${sessions} s ON s.id = ${p.sid} AND s.user_id = ${p.sub}
        AND s.revoked_at IS NULL AND s.expires_at > now()
      LEFT JOIN ${apiTokens} t ON t.token_hash = ${p.hash} AND (t.expires_at IS NULL OR t.expires_at > now())
      LEFT JOIN ${usersT} u ON u.id = COALESCE(s.user_id, t.user_id) AND NOT u.blocked AND u.confirmed`);
}

// The check is a prepared statement: planning its joins cost far more than
// running them (PostgreSQL about 1.3 ms against 0.2 ms; PGlite about 17 ms
// against 2.5 ms). PostgreSQL: a named statement that each pooled connection
// parses once and soon runs with a generic plan.
const ph = (name: string) => sql.placeholder(name);
const pgChecks = new WeakMap<Db, ReturnType<typeof preparePg>>();
const preparePg = (db: Db) =>
  sessionCheckQuery(db, {
    method: ph('method'),
    route: ph('route'),
    sid: ph('sid'),
    sub: ph('sub'),
    resource: ph('resource'),
    hash: ph('hash'),
  }).prepare('auth_session_check');

// PGlite: the same query PREPAREd once per database (see pglitePrepared).
const liteChecks = new WeakMap<Db, PreparedRun>();
const prepareLite = (db: Db) => {
  const query = sessionCheckQuery(db, {
    method: sql.raw('$1'),
    route: sql.raw('$2'),
    sid: sql.raw('$3'),
    sub: sql.raw('$4'),
    resource: sql.raw('$5'),
    hash: sql.raw('$6'),
  });
  return pglitePrepared(db, 'auth_session_check', ['text', 'text', 'uuid', 'uuid', 'text', 'text'], query.getSQL());
};

type CheckValues = { method: string; route: string; sid: string; sub: string; resource: string; hash: string };

async function sessionCheck(database: Database, v: CheckValues): Promise<SessionRow> {
  const { db } = database;
  const args = [v.method, v.route, v.sid, v.sub, v.resource, v.hash];
  if (isPglite(db) && args.every(inlinable)) {
    let run = liteChecks.get(db);
    if (!run) liteChecks.set(db, (run = prepareLite(db)));
    return (await run(args))[0] as SessionRow;
  }
  let q = pgChecks.get(db);
  if (!q) pgChecks.set(db, (q = preparePg(db)));
  const [row] = await q.execute(v);
  return row as SessionRow;
}

/** Who a request says it is: a session's claims, or an API token's hash. */
type Credential = { kind: 'session'; claims: SessionClaims } | { kind: 'token'; hash: string };

async function check(
  database: Database,
  method: string,
  route: string,
  resource: string,
  credential: Credential | null,
): Promise<SessionRow> {
  if (!credential) {
    const res = await database.db.execute<SessionRow>(
      sql`SELECT ${permissionsT.auth} AS perm_auth FROM ${permissionsT} WHERE ${permissionsT.method} = ${method} AND ${permissionsT.route} = ${route} LIMIT 1`,
    );
    const perm_auth = rowsOf<SessionRow>(res)[0]?.perm_auth ?? null;
    const none = { user_id: null, name: null, email: null, superadmin: null, allowed: null, expires_ms: null, needs_two_factor: null };
    const noToken = { token_id: null, token_name: null, token_read_only: null, token_in_scope: null };
    return { perm_auth, ...none, access_rules: null, role_ids: null, has_rules: null, ...noToken };
  }
  const who =
    credential.kind === 'session'
      ? { sid: credential.claims.sid, sub: credential.claims.sub, hash: NO_HASH }
      : { sid: NO_ID, sub: NO_ID, hash: credential.hash };
  return sessionCheck(database, { method, route, resource, ...who });
}

/**
 * The permission record that decides: an own `rbacRoute` (and `rbacMethod`)
 * of the config, else the route itself with the request's method.
 */
function permissionOf(request: FastifyRequest, method: string): { method: string; route: string } {
  const config = request.routeOptions.config as unknown as Record<string, unknown> | undefined;
  const other = config && Object.hasOwn(config, 'rbacRoute') ? config.rbacRoute : undefined;
  if (typeof other !== 'string') return { method, route: request.routeOptions.url ?? '' };
  const otherMethod = Object.hasOwn(config ?? {}, 'rbacMethod') ? config?.rbacMethod : undefined;
  return { method: typeof otherMethod === 'string' ? otherMethod : method, route: other };
}

/** Whether the route is open to a session that must set up two-factor sign-in first (own property only, as `access`). */
function opensForTwoFactorSetup(request: FastifyRequest): boolean {
  const config = request.routeOptions.config as unknown as Record<string, unknown> | undefined;
  return Boolean(config && Object.hasOwn(config, 'twoFactorSetup') && config.twoFactorSetup === true);
}

/** The declared resource a route serves (its access rules apply), read as an own property only; '' for none. */
function resourceOf(request: FastifyRequest): string {
  const config = request.routeOptions.config as unknown as Record<string, unknown> | undefined;
  const name = config && Object.hasOwn(config, 'resource') ? config.resource : undefined;
  return typeof name === 'string' ? name : '';
}

/** A row's rules combined once per cached answer. */
const accessOfRow = new WeakMap<SessionRow, RecordAccess | null>();
function recordAccessOf(row: SessionRow): RecordAccess | null {
  if (row.superadmin || !row.user_id || !row.access_rules) return null;
  let access = accessOfRow.get(row);
  if (access === undefined) accessOfRow.set(row, (access = combineRules(row.access_rules, row.user_id, row.role_ids ?? [])));
  return access;
}

/** The refusal a client recognizes by its code and answers with the set-up screen. */
const twoFactorSetupRequired = () =>
  new HttpError(403, 'A role of yours requires two-factor sign-in. Set it up to continue.', undefined, 'two_factor_setup_required');

const ACCESS_LEVELS: readonly Access[] = ['public', 'self', 'rbac'];

/**
 * A route's declared access, read as an own property only: a value inherited
 * from a polluted Object.prototype must never open a route. Anything that is
 * not a known level is RBAC, which denies by default.
 */
function accessOf(request: FastifyRequest): Access {
  const config = request.routeOptions.config as unknown as Record<string, unknown> | undefined;
  const declared = config && Object.hasOwn(config, 'access') ? config.access : undefined;
  return ACCESS_LEVELS.includes(declared as Access) ? (declared as Access) : 'rbac';
}

/**
 * An API token in the address would land in logs, histories and Referer
 * headers: refused (400) wherever it appears, under `access_token` or as any
 * parameter's value of a token's shape.
 */
function refuseTokenInQuery(request: FastifyRequest): void {
  const query = request.query;
  if (!query || typeof query !== 'object') return;
  for (const [key, value] of Object.entries(query)) {
    const values: unknown[] = Array.isArray(value) ? value : [value];
    const token = values.some((v) => typeof v === 'string' && looksLikeApiToken(v) && (key === 'access_token' || wellFormedApiToken(v)));
    if (token) throw badRequest(API_TOKEN_MESSAGES.inQuery);
  }
}

/** Writes that can change an answer: anything but reads. */
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The bearer value as a session's claims or an API token's hash; null for none or a session token that fails. */
function credentialReader(app: FastifyInstance): (value: string | null) => Promise<Credential | null> {
  const { jwtSecret, jwtSecretPrevious } = app.deps;
  const verifyToken = async (token: string) =>
    (await verifySessionToken(jwtSecret, token)) ?? (jwtSecretPrevious ? await verifySessionToken(jwtSecretPrevious, token) : null);
  return async (value) => {
    if (!value) return null;
    if (looksLikeApiToken(value)) {
      if (!wellFormedApiToken(value)) throw unauthorized(API_TOKEN_MESSAGES.malformed);
      return { kind: 'token', hash: hashToken(value) };
    }
    const claims = await verifyToken(value);
    return claims ? { kind: 'session', claims } : null;
  };
}

/** The check's answer for a credential and a permission record, from the cache while it holds. */
function cachedChecker(database: Database, cache: AuthCache<SessionRow>) {
  return async (method: string, route: string, resource: string, credential: Credential | null): Promise<SessionRow> => {
    const who = !credential
      ? '-'
      : credential.kind === 'session'
        ? `${credential.claims.sid} ${credential.claims.sub}`
        : `t ${credential.hash}`;
    const key = `${who} ${method} ${route} ${credential ? resource : ''}`;
    const hit = cache.get(key);
    if (hit) return hit;
    const version = cache.version();
    const row = await check(database, method, route, resource, credential);
    // An anonymous answer depends only on the permission record.
    const until = credential ? (row.user_id ? (row.expires_ms ?? 0) : 0) : Number.POSITIVE_INFINITY;
    cache.set(key, row, version, until);
    return row;
  };
}

/** An API token's own limits: where it may be used, read-only, its scope, and its rate (per token, across replicas with Redis). */
function tokenLimits(app: FastifyInstance) {
  const limit = app.createRateLimit({
    max: app.deps.config.apiTokenRateLimit,
    timeWindow: '1 minute',
    keyGenerator: (req: FastifyRequest) => `api-token:${req.auth?.token?.id ?? ''}`,
  });
  return async (request: FastifyRequest, reply: FastifyReply, access: 'self' | 'rbac', row: SessionRow): Promise<void> => {
    if (!routeTakesApiTokens(request, access)) throw forbidden(API_TOKEN_MESSAGES.route);
    if (row.token_read_only && !READS.has(request.method)) throw forbidden(API_TOKEN_MESSAGES.readOnly);
    if (access === 'rbac' && !row.token_in_scope) throw forbidden(API_TOKEN_MESSAGES.scope);
    const counted = await limit(request);
    if (!counted.isAllowed && counted.isExceeded) {
      reply.header('retry-after', String(counted.ttlInSeconds));
      throw new HttpError(429, API_TOKEN_MESSAGES.rateLimited);
    }
  };
}

/** Who the request is, from the check's answer: none without a live session or token of an allowed user. */
function authOf(row: SessionRow, credential: Credential | null): AuthContext | null {
  if (!row.user_id || !credential) return null;
  const token = credential.kind === 'token' && row.token_id ? { id: row.token_id, name: row.token_name ?? '' } : null;
  return {
    userId: row.user_id,
    sessionId: credential.kind === 'session' ? credential.claims.sid : (token?.id ?? ''),
    token,
    name: row.name ?? '',
    email: row.email ?? '',
    superadmin: Boolean(row.superadmin),
    access: recordAccessOf(row),
    hasRules: Boolean(row.has_rules) && !row.superadmin,
  };
}

/**
 * Sessions, API tokens and RBAC (default deny; superadmins pass). One query
 * answers: does the route have a permission record and is it public; is the
 * session (or token) live and its user allowed in (not blocked, confirmed);
 * is the user a superadmin; does one of the user's roles hold the
 * permission; is it in the token's scope.
 *
 * Answers are cached per session (or token) and route while the database's
 * `auth_changed` notifications are heard (triggers on every table the query
 * reads, migrations 0007 and 0019), and never past the session's or token's
 * end. Changes made through this server drop the cache before their response
 * is sent, so they count from the very next request; changes from elsewhere
 * (another server process, psql) as soon as their notification arrives.
 */
export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('auth', null);
  const cache = new AuthCache<SessionRow>();
  const touch = sessionToucher();
  const touchToken = tokenToucher();
  const { database } = app.deps;
  const unlisten = await database.listen(
    'auth_changed',
    () => cache.invalidate(),
    (live) => cache.setLive(live),
  );
  app.addHook('onClose', async () => unlisten());
  const credentialOf = credentialReader(app);
  const cachedCheck = cachedChecker(database, cache);
  const checkToken = tokenLimits(app);

  app.addHook('onSend', async (request) => {
    if (!READS.has(request.method)) cache.invalidate();
  });

  app.addHook('onRequest', async (request, reply) => {
    // The matched route, not the raw URL: '/%61pi/...' reaches '/api/...' routes too.
    if (!request.routeOptions.url?.startsWith('/api/')) return;
    refuseTokenInQuery(request);
    const access = accessOf(request);
    if (access === 'public') return;

    const value = bearer(request);
    const credential = await credentialOf(value);
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    const permission = permissionOf(request, method);
    const row = await cachedCheck(permission.method, permission.route, resourceOf(request), credential);
    const auth = authOf(row, credential);
    request.auth = auth;
    if (auth?.token) await touchToken(database.db, auth.token.id, clientOf(request).ip);
    else if (auth) await touch(database.db, auth.sessionId);

    if (access === 'rbac' && row.perm_auth === false) return; // public by permission record
    if (!auth) {
      if (credential?.kind === 'token') throw unauthorized(API_TOKEN_MESSAGES.invalid);
      throw unauthorized(value ? 'Your session has ended. Please sign in again.' : undefined);
    }
    if (auth.token) await checkToken(request, reply, access, row);
    if (row.needs_two_factor && !opensForTwoFactorSetup(request)) throw twoFactorSetupRequired();
    if (access === 'self' || auth.superadmin) return;
    if (!row.allowed) throw forbidden();
  });
});
