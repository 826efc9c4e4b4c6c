import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from './client';
import { rowsOf } from './rows';

/** How many migrations this code ships (drizzle-kit's journal). */
export function shippedMigrationCount(migrationsFolder: string): number {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
  return journal.entries.length;
}

/** How many migrations the database has applied (drizzle's own table). */
export async function appliedMigrationCount(db: Db): Promise<number> {
  const result = await db.execute(sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`);
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}
