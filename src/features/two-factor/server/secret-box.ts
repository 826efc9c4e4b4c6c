import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../core/server/db/client';
import { serverSecrets } from '../../../core/server/db/tables';

const KEY_NAME = 'two-factor-key';
const VERSION = 'v1';

/**
 * TOTP secrets are stored encrypted (AES-256-GCM), the user's id bound in as
 * associated data (a secret copied onto another user's row does not open).
 * The key is its own, not derived from the JWT secret: rotating JWT_SECRET
 * must not lock every two-factor user out. It is generated once and kept in
 * `server_secrets` like the JWT secret, so every replica reads the same; it
 * protects the secrets in a leaked table, export or log, not in a dump of
 * the whole database.
 */
export async function loadTwoFactorKey(db: Db): Promise<Buffer> {
  await db
    .insert(serverSecrets)
    .values({ name: KEY_NAME, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select({ value: serverSecrets.value }).from(serverSecrets).where(eq(serverSecrets.name, KEY_NAME));
  return Buffer.from(row.value, 'base64url');
}

export function sealSecret(key: Buffer, userId: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(userId));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return `${VERSION}:${iv.toString('base64url')}:${body.toString('base64url')}`;
}

/** The secret, or null when the stored value does not open with this key for this user. */
export function openSecret(key: Buffer, userId: string, sealed: string | null): string | null {
  if (!sealed) return null;
  const [version, iv, body] = sealed.split(':');
  if (version !== VERSION || !iv || !body) return null;
  try {
    const data = Buffer.from(body, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url')).setAAD(Buffer.from(userId));
    decipher.setAuthTag(data.subarray(data.length - 16));
    return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
