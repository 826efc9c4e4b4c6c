import { isDatabaseUnavailable, sqlState } from './availability';
import { openDatabase, type Database } from './client';
import { redactDatabaseUrl } from './redact-database-url';
import { StartupError, rootMessage } from '../startup/startup-error';

type OpenOptions = Parameters<typeof openDatabase>[0];

export interface RetryOptions {
  /** How long to keep trying while the database cannot be reached (DB_CONNECT_TIMEOUT). */
  timeoutMs: number;
  /** Told of each failed try before the wait. */
  onRetry: (info: { attempt: number; waitMs: number; reason: string }) => void;
}

const FIRST_WAIT_MS = 500;

/**
 * Refusals waiting will not change: wrong user or password (class 28), no
 * such database (3D000). The operator has to fix DATABASE_URL.
 */
function isPermanent(err: unknown): boolean {
  const state = sqlState(err);
  return state !== undefined && (state.startsWith('28') || state === '3D000');
}
const LONGEST_WAIT_MS = 5000;

/**
 * Opens (and migrates) the database; while PostgreSQL cannot be reached yet
 * (starting alongside this server, a network blip) it tries again, waiting
 * twice as long each time, until `timeoutMs` has passed. Anything else (wrong
 * password, no such database, a failed migration) stops at once. Failures are
 * StartupErrors: one line for the operator.
 */
export async function openDatabaseWithRetry(opts: OpenOptions, retry: RetryOptions): Promise<Database> {
  const started = Date.now();
  const where = opts.databaseUrl ? `PostgreSQL at ${redactDatabaseUrl(opts.databaseUrl)}` : `PGlite in ${opts.dataDir}`;
  let wait = FIRST_WAIT_MS;
  for (let attempt = 1; ; attempt++) {
    try {
      return await openDatabase(opts);
    } catch (err) {
      const reason = rootMessage(err);
      if (!opts.databaseUrl || !isDatabaseUnavailable(err) || isPermanent(err))
        throw new StartupError(`Cannot open the database (${where}): ${reason}`, { cause: err });
      const left = retry.timeoutMs - (Date.now() - started);
      if (left <= 0) {
        const seconds = Math.round((Date.now() - started) / 1000);
        throw new StartupError(`Database unreachable (${where}) after ${seconds} s and ${attempt} tries: ${reason}`, { cause: err });
      }
      const waitMs = Math.min(wait, left);
      retry.onRetry({ attempt, waitMs, reason });
      await new Promise((resolve) => setTimeout(resolve, waitMs));
      wait = Math.min(wait * 2, LONGEST_WAIT_MS);
    }
  }
}
