import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../../core/server/db/client';
import { apiTokens } from '../../../core/server/db/system-tables';
import { perKeyThrottle } from '../../../core/server/http/per-key-throttle';

const EVERY_MS = 60_000;

/**
 * Refreshes a token's "last used" and the address it came from, at most once
 * a minute. Neither column is read by the auth check, so no cache empties
 * (migration 0019).
 */
export function tokenToucher() {
  const due = perKeyThrottle(EVERY_MS);
  return async (db: Db, tokenId: string, ip: string | null): Promise<void> => {
    if (!due(tokenId)) return;
    await db
      .update(apiTokens)
      .set({ lastUsedAt: sql`now()`, lastIp: ip })
      .where(and(eq(apiTokens.id, tokenId), or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, sql`now() - interval '1 minute'`))));
  };
}
