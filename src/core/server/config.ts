import { isIP } from 'node:net';
import path from 'node:path';
import { appRoot } from './app-root';
import { EMAIL_PATTERN, PASSWORD_MIN } from '../field-kinds/text-rules';
import { loadOidcConfig, OidcConfigError, type OidcConfig } from '../../features/oidc/server/oidc-config';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  publicUrl: string;
  jwtSecret?: string;
  /** A secret being rotated out: tokens it signed still verify until they expire. */
  jwtSecretPrevious?: string;
  adminEmail?: string;
  adminPassword?: string;
  smtpUrl?: string;
  mailFrom: string;
  googleClientId?: string;
  /** Sign-in with an OpenID Provider (OIDC_ISSUER and the other OIDC_* settings). */
  oidc?: OidcConfig;
  logLevel: string;
  /** Directory of the built front end, served when it exists. */
  webDir: string;
  /** Session lifetime in seconds. */
  sessionTtl: number;
  /** Requests per minute per IP on login, forgot and reset. */
  authRateLimit: number;
  /** Requests per minute one API token may make (API_TOKEN_RATE_LIMIT), counted per token across replicas with Redis. */
  apiTokenRateLimit: number;
  /**
   * Behind reverse proxies: how many (a hop count) or which (addresses and
   * CIDR ranges) may add the client's address to X-Forwarded-For. False:
   * the socket's address is the client's.
   */
  trustProxy: false | number | string[];
  /** First retry of a failed message after this many seconds, doubling each time. */
  mailRetrySeconds: number;
  /** Attempts before a message is given up and logged as failed. */
  mailMaxAttempts: number;
  /** Enables GET /metrics, for callers presenting it as a Bearer token (METRICS_TOKEN). */
  metricsToken?: string;
  /** Seconds to keep trying to reach PostgreSQL at start (DB_CONNECT_TIMEOUT). */
  dbConnectTimeout: number;
  /**
   * Seconds a request's statement may run on PostgreSQL before the server
   * cancels it (DB_STATEMENT_TIMEOUT); 0: no limit. Migrations, retention
   * purges and bulk seeding run without it.
   */
  dbStatementTimeout: number;
  /** Rate-limit counters shared by every replica; unset: in this process's memory. */
  redisUrl?: string;
  /** Start of every key this server writes in Redis (several deployments can share one Redis). */
  redisKeyPrefix: string;
  /** Uploads in an S3 bucket (S3_BUCKET set); absent: DATA_DIR/uploads. */
  s3?: S3Config;
  /** Audit trail entries older than this many days are purged daily (AUDIT_RETENTION_DAYS). */
  auditRetentionDays: number;
  /** Deleted records stay in the trash this many days (TRASH_RETENTION_DAYS). */
  trashRetentionDays: number;
  /** Versions kept per record, the newest (VERSIONS_KEEP). */
  versionsKeep: number;
  /** Versions older than this many days go, except each record's newest (VERSIONS_MAX_DAYS; unset: no age limit). */
  versionsMaxDays?: number;
  /** Outgoing webhooks (WEBHOOKS_ALLOW_HTTP, WEBHOOKS_ALLOW_PRIVATE, WEBHOOK_LOG_DAYS, WEBHOOK_RETRY_SCALE). */
  webhooks: WebhooksConfig;
  /** The largest file an import accepts, in bytes (IMPORT_MAX_BYTES). */
  importMaxBytes: number;
  /** Finished or never-run imports (their file and errors) go after this many days (IMPORT_RETENTION_DAYS). */
  importRetentionDays: number;
  /** Keep the database in memory (tests). */
  inMemoryDb?: boolean;
}

export interface WebhooksConfig {
  /** Endpoints may be plain `http` URLs (local setups). */
  allowHttp: boolean;
  /** Endpoints may be loopback, private, link-local or metadata addresses (tests, local setups). */
  allowPrivate: boolean;
  /** Deliveries and their attempts are kept this many days. */
  logDays: number;
  /** The retry schedule and the days before a failing endpoint is disabled, multiplied (tests shrink them). */
  retryScale: number;
}

export interface S3Config {
  bucket: string;
  /** MinIO, Ceph, ...; absent: AWS. */
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Bucket in the path (`endpoint/bucket/key`), as MinIO-style servers want. */
  forcePathStyle: boolean;
  /** Where browsers load files from (a CDN, a public bucket); no trailing slash. */
  publicUrl?: string;
}

/** DB_STATEMENT_TIMEOUT's default, in seconds. */
export const DEFAULT_STATEMENT_TIMEOUT_SECONDS = 15;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

class ConfigError extends Error {}

function int(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new ConfigError(`${name} must be an integer between ${min} and ${max}, got "${raw}"`);
  return n;
}

/** Names proxy-addr knows for address ranges. */
const RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function isAddressOrRange(s: string): boolean {
  if (RANGE_NAMES.includes(s)) return true;
  const [address, bits, ...rest] = s.split('/');
  const version = isIP(address);
  if (!version || rest.length) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: a hop count, or a comma-separated list of proxy addresses and
 * CIDR ranges. Never "trust everything": then anyone could choose the address
 * rate limits see by sending X-Forwarded-For.
 */
function trustProxy(env: NodeJS.ProcessEnv): false | number | string[] {
  const raw = (env.TRUST_PROXY ?? '').trim();
  if (raw === '' || raw === '0' || raw.toLowerCase() === 'false') return false;
  if (/^\d{1,3}$/.test(raw)) return Number(raw);
  const list = raw.split(',').map((s) => s.trim());
  if (list.every(isAddressOrRange)) return list;
  throw new ConfigError(
    `TRUST_PROXY must be a hop count (e.g. 1) or a comma-separated list of proxy addresses or CIDR ranges, got "${env.TRUST_PROXY}"`,
  );
}

function url(env: NodeJS.ProcessEnv, name: string, protocols: string[]): string | undefined {
  const raw = env[name];
  if (!raw) return undefined;
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    throw new ConfigError(`${name} is not a valid URL`);
  }
  if (!protocols.includes(u.protocol)) throw new ConfigError(`${name} must start with ${protocols.join(' or ')}`);
  if (!u.hostname) throw new ConfigError(`${name} must name a host`);
  return raw;
}

/** An HMAC secret: at least 32 bytes (256 bits, the size of the SHA-256 key it becomes). */
function secret(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const raw = env[name];
  if (!raw) return undefined;
  if (Buffer.byteLength(raw, 'utf8') < 32) throw new ConfigError(`${name} must be at least 32 bytes long`);
  return raw;
}

function keyPrefix(env: NodeJS.ProcessEnv): string {
  const raw = env.REDIS_KEY_PREFIX;
  if (raw === undefined || raw === '') return 'backoffice:';
  if (!/^[\w:.-]{1,100}$/.test(raw))
    throw new ConfigError('REDIS_KEY_PREFIX may hold only letters, digits and _ : . - (at most 100 characters)');
  return raw;
}

function flag(env: NodeJS.ProcessEnv, name: string): boolean {
  const raw = (env[name] ?? '').trim().toLowerCase();
  if (raw === '' || raw === '0' || raw === 'false') return false;
  if (raw === '1' || raw === 'true') return true;
  throw new ConfigError(`${name} must be 1 or 0, got "${env[name]}"`);
}

const S3_SETTINGS = ['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE', 'S3_PUBLIC_URL'];

/** Object storage for uploads: S3_BUCKET switches it on, the other S3_* settings need it. */
function s3(env: NodeJS.ProcessEnv): S3Config | undefined {
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) {
    const stray = S3_SETTINGS.find((n) => env[n]);
    if (stray) throw new ConfigError(`${stray} is set but S3_BUCKET is not: set S3_BUCKET to store uploads in S3`);
    return undefined;
  }
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) throw new ConfigError(`S3_BUCKET is not a valid bucket name, got "${bucket}"`);
  const accessKeyId = env.S3_ACCESS_KEY_ID || undefined;
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY || undefined;
  if (accessKeyId && !secretAccessKey) throw new ConfigError('S3_SECRET_ACCESS_KEY is required when S3_ACCESS_KEY_ID is set');
  if (secretAccessKey && !accessKeyId) throw new ConfigError('S3_ACCESS_KEY_ID is required when S3_SECRET_ACCESS_KEY is set');
  const region = env.S3_REGION?.trim() || 'us-east-1';
  if (!/^[a-z0-9-]+$/.test(region)) throw new ConfigError(`S3_REGION is not a region name, got "${env.S3_REGION}"`);
  return {
    bucket,
    endpoint: url(env, 'S3_ENDPOINT', ['http:', 'https:']),
    region,
    accessKeyId,
    secretAccessKey,
    forcePathStyle: flag(env, 'S3_FORCE_PATH_STYLE'),
    publicUrl: url(env, 'S3_PUBLIC_URL', ['http:', 'https:'])?.replace(/\/+$/, ''),
  };
}

function webhooks(env: NodeJS.ProcessEnv): WebhooksConfig {
  const rawScale = env.WEBHOOK_RETRY_SCALE;
  const retryScale = rawScale === undefined || rawScale === '' ? 1 : Number(rawScale);
  if (!Number.isFinite(retryScale) || retryScale <= 0 || retryScale > 1)
    throw new ConfigError(`WEBHOOK_RETRY_SCALE must be a number above 0 and at most 1, got "${rawScale}"`);
  return {
    allowHttp: flag(env, 'WEBHOOKS_ALLOW_HTTP'),
    allowPrivate: flag(env, 'WEBHOOKS_ALLOW_PRIVATE'),
    logDays: int(env, 'WEBHOOK_LOG_DAYS', 30, 1, 36500),
    retryScale,
  };
}

function metricsToken(env: NodeJS.ProcessEnv): string | undefined {
  const raw = env.METRICS_TOKEN || undefined;
  if (raw && raw.length < 16) throw new ConfigError('METRICS_TOKEN must have at least 16 characters');
  return raw;
}

function oidc(env: NodeJS.ProcessEnv): OidcConfig | undefined {
  try {
    return loadOidcConfig(env);
  } catch (err) {
    if (err instanceof OidcConfigError) throw new ConfigError(err.message);
    throw err;
  }
}

/** Reads and validates the environment. Throws ConfigError with a one-line reason. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = int(env, 'PORT', 3000, 0, 65535);
  const logLevel = env.LOG_LEVEL || 'info';
  if (!LOG_LEVELS.includes(logLevel)) throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);
  const adminEmail = env.ADMIN_EMAIL || undefined;
  if (adminEmail && !EMAIL_PATTERN.test(adminEmail)) throw new ConfigError('ADMIN_EMAIL is not an e-mail address');
  const adminPassword = env.ADMIN_PASSWORD || undefined;
  if (adminPassword && adminPassword.length < PASSWORD_MIN)
    throw new ConfigError(`ADMIN_PASSWORD must have at least ${PASSWORD_MIN} characters`);
  const jwtSecret = secret(env, 'JWT_SECRET');
  const jwtSecretPrevious = secret(env, 'JWT_SECRET_PREVIOUS');
  const dataDir = path.resolve(env.DATA_DIR || './data');
  const publicUrl = (url(env, 'PUBLIC_URL', ['http:', 'https:']) ?? `http://localhost:${port}`).replace(/\/+$/, '');
  return {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir,
    databaseUrl: url(env, 'DATABASE_URL', ['postgres:', 'postgresql:']),
    publicUrl,
    jwtSecret,
    jwtSecretPrevious,
    adminEmail,
    adminPassword,
    smtpUrl: url(env, 'SMTP_URL', ['smtp:', 'smtps:']),
    mailFrom: env.MAIL_FROM || 'Back Office <no-reply@localhost>',
    googleClientId: env.GOOGLE_CLIENT_ID || undefined,
    oidc: oidc(env),
    logLevel,
    webDir: env.WEB_DIR ? path.resolve(env.WEB_DIR) : path.join(appRoot, 'dist', 'web'),
    sessionTtl: int(env, 'SESSION_TTL_SECONDS', 12 * 3600, 60, 30 * 24 * 3600),
    authRateLimit: int(env, 'AUTH_RATE_LIMIT', 10, 1, 100000),
    apiTokenRateLimit: int(env, 'API_TOKEN_RATE_LIMIT', 600, 1, 1000000),
    trustProxy: trustProxy(env),
    mailRetrySeconds: int(env, 'MAIL_RETRY_SECONDS', 30, 1, 86400),
    mailMaxAttempts: int(env, 'MAIL_MAX_ATTEMPTS', 8, 1, 100),
    dbConnectTimeout: int(env, 'DB_CONNECT_TIMEOUT', 30, 0, 3600),
    dbStatementTimeout: int(env, 'DB_STATEMENT_TIMEOUT', DEFAULT_STATEMENT_TIMEOUT_SECONDS, 0, 86400),
    redisUrl: url(env, 'REDIS_URL', ['redis:', 'rediss:']),
    redisKeyPrefix: keyPrefix(env),
    metricsToken: metricsToken(env),
    auditRetentionDays: int(env, 'AUDIT_RETENTION_DAYS', 365, 1, 36500),
    trashRetentionDays: int(env, 'TRASH_RETENTION_DAYS', 30, 1, 36500),
    versionsKeep: int(env, 'VERSIONS_KEEP', 100, 1, 1_000_000),
    versionsMaxDays: env.VERSIONS_MAX_DAYS ? int(env, 'VERSIONS_MAX_DAYS', 0, 1, 36500) : undefined,
    s3: s3(env),
    webhooks: webhooks(env),
    importMaxBytes: int(env, 'IMPORT_MAX_BYTES', 200 * 1024 * 1024, 1024, 1024 ** 4),
    importRetentionDays: int(env, 'IMPORT_RETENTION_DAYS', 30, 1, 36500),
  };
}

export { ConfigError };
