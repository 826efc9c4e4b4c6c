import { isIP } from 'node:net';
import path from 'node:path';
import { appRoot } from './app-root';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  publicUrl: string;
  jwtSecret?: string;
  adminEmail?: string;
  adminPassword?: string;
  smtpUrl?: string;
  mailFrom: string;
  googleClientId?: string;
  logLevel: string;
  /** Directory of the built front end, served when it exists. */
  webDir: string;
  /** Where generated translation files are written and served from. */
  localesDir: string;
  /** Session lifetime in seconds. */
  sessionTtl: number;
  /** Requests per minute per IP on login, forgot and reset. */
  authRateLimit: number;
  /**
   * Behind reverse proxies: how many (a hop count) or which (addresses and
   * CIDR ranges) may add the client's address to X-Forwarded-For. False:
   * the socket's address is the client's.
   */
  trustProxy: false | number | string[];
  /** Seconds to keep trying to reach PostgreSQL at start (DB_CONNECT_TIMEOUT). */
  dbConnectTimeout: number;
  /** Keep the database in memory (tests). */
  inMemoryDb?: boolean;
}

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

/** Reads and validates the environment (DESIGN 4b). Throws ConfigError with a one-line reason. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = int(env, 'PORT', 3000, 0, 65535);
  const logLevel = env.LOG_LEVEL || 'info';
  if (!LOG_LEVELS.includes(logLevel)) throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);
  const adminEmail = env.ADMIN_EMAIL || undefined;
  if (adminEmail && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(adminEmail)) throw new ConfigError('ADMIN_EMAIL is not an e-mail address');
  const adminPassword = env.ADMIN_PASSWORD || undefined;
  if (adminPassword && adminPassword.length < 6) throw new ConfigError('ADMIN_PASSWORD must have at least 6 characters');
  const jwtSecret = env.JWT_SECRET || undefined;
  if (jwtSecret && jwtSecret.length < 32) throw new ConfigError('JWT_SECRET must have at least 32 characters');
  const dataDir = path.resolve(env.DATA_DIR || './data');
  const publicUrl = (url(env, 'PUBLIC_URL', ['http:', 'https:']) ?? `http://localhost:${port}`).replace(/\/+$/, '');
  return {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir,
    databaseUrl: url(env, 'DATABASE_URL', ['postgres:', 'postgresql:']),
    publicUrl,
    jwtSecret,
    adminEmail,
    adminPassword,
    smtpUrl: url(env, 'SMTP_URL', ['smtp:', 'smtps:']),
    mailFrom: env.MAIL_FROM || 'Back Office <no-reply@localhost>',
    googleClientId: env.GOOGLE_CLIENT_ID || undefined,
    logLevel,
    webDir: env.WEB_DIR ? path.resolve(env.WEB_DIR) : path.join(appRoot, 'dist', 'web'),
    localesDir: path.resolve(env.LOCALES_DIR || path.join(dataDir, 'locales')),
    sessionTtl: int(env, 'SESSION_TTL_SECONDS', 12 * 3600, 60, 30 * 24 * 3600),
    authRateLimit: int(env, 'AUTH_RATE_LIMIT', 10, 1, 100000),
    trustProxy: trustProxy(env),
    dbConnectTimeout: int(env, 'DB_CONNECT_TIMEOUT', 30, 0, 3600),
  };
}

export { ConfigError };
