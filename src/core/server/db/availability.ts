/**
 * Telling "the database is away" apart from other failures, so that a request
 * that lost its connection gets 503 + Retry-After (try again shortly) rather
 * than 500 (a bug). Errors are looked at down their `cause` chain: drizzle
 * wraps the driver's error.
 */

/** Errors raised while opening a connection: whatever their code, the database could not be reached. */
const connectFailures = new WeakSet<object>();

export function markConnectFailure<T>(err: T): T {
  if (err && typeof err === 'object') connectFailures.add(err);
  return err;
}

// Socket errors, and PostgreSQL's "connection exception" class (08) and
// operator intervention class (57: terminated by an administrator, server
// shutting down or starting, statement timeout), too many connections.
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '53300',
  '57014',
  '57P01',
  '57P02',
  '57P03',
  '57P05',
]);

// What node-postgres says when a connection it held is gone.
const UNAVAILABLE_MESSAGES =
  /Connection terminated|not queryable|timeout exceeded when trying to connect|Client was closed|Connection closed/i;

interface ErrorLike {
  code?: unknown;
  message?: unknown;
  cause?: unknown;
}

function* chain(err: unknown): Generator<ErrorLike> {
  let e = err;
  for (let i = 0; i < 8 && e && typeof e === 'object'; i++) {
    yield e as ErrorLike;
    e = (e as ErrorLike).cause;
  }
}

export function isDatabaseUnavailable(err: unknown): boolean {
  for (const e of chain(err)) {
    if (connectFailures.has(e)) return true;
    if (typeof e.code === 'string' && (UNAVAILABLE_CODES.has(e.code) || e.code.startsWith('08'))) return true;
    if (typeof e.message === 'string' && UNAVAILABLE_MESSAGES.test(e.message)) return true;
  }
  return false;
}

/** The SQLSTATE of a failed query (five characters), if any. */
export function sqlState(err: unknown): string | undefined {
  for (const e of chain(err)) if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  return undefined;
}
