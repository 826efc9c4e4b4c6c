import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { serverSecrets } from '../db/tables';

const JWT_SECRET_NAME = 'jwt';

/**
 * JWT_SECRET when given; else the secret stored in the database, generated
 * by whichever process starts first (every replica on the database then signs
 * and verifies with the same one). An install that kept its secret in
 * `DATA_DIR/jwt-secret` (before it moved to the database) keeps it, so its
 * users stay signed in.
 */
export async function loadJwtSecret(db: Db, configured: string | undefined, dataDir: string): Promise<Uint8Array<ArrayBuffer>> {
  if (configured) return new TextEncoder().encode(configured);
  const legacyFile = path.join(dataDir, 'jwt-secret');
  const candidate = existsSync(legacyFile) ? readFileSync(legacyFile, 'utf8').trim() : randomBytes(48).toString('base64url');
  // The first insert wins; everyone reads the winner.
  await db.insert(serverSecrets).values({ name: JWT_SECRET_NAME, value: candidate }).onConflictDoNothing();
  const [row] = await db.select({ value: serverSecrets.value }).from(serverSecrets).where(eq(serverSecrets.name, JWT_SECRET_NAME));
  return new TextEncoder().encode(row.value);
}
