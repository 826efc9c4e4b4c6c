import type { SQL } from 'drizzle-orm';
import type { Db } from './client';

/**
 * What drizzle's database and transaction objects carry but do not type:
 * the dialect that turns SQL into text and parameters, and the session that
 * prepares a query under a name.
 */
interface DrizzleInternals {
  dialect: { sqlToQuery(sql: SQL): { sql: string; params: unknown[] } };
  session: {
    prepareQuery(
      query: { sql: string; params: unknown[] },
      fields: undefined,
      name: string,
      arrayMode: boolean,
    ): { execute(): Promise<unknown> };
  };
}

/**
 * Runs `query` as a named statement on whatever connection `db` (a
 * transaction too) is using: PostgreSQL parses it once per connection and
 * plans it once it has seen it a few times, instead of for every write.
 * The text must be the same on every call under one name (values are
 * parameters). PGlite runs it as any query. drizzle's `execute` has no name:
 * its own prepareQuery takes one.
 */
export function executeNamed(db: Db, name: string, query: SQL): Promise<unknown> {
  const d = db as unknown as DrizzleInternals;
  return d.session.prepareQuery(d.dialect.sqlToQuery(query), undefined, name, false).execute();
}
