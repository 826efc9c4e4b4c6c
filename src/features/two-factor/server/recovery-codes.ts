import { randomInt } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../core/server/db/client';
import { twoFactorRecoveryCodes } from '../../../core/server/db/tables';
import { hashPassword } from '../../../core/server/security/passwords';
import { verify } from '@node-rs/argon2';

export const RECOVERY_CODE_COUNT = 10;
// No 0/o, 1/l/i: read off paper, typed by hand.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** xxxxx-xxxxx: 50 bits from crypto.randomInt. */
function newCode(): string {
  let s = '';
  for (let i = 0; i < 10; i++) s += ALPHABET[randomInt(ALPHABET.length)];
  return `${s.slice(0, 5)}-${s.slice(5)}`;
}

/** What a person types, as stored: lower case, without spaces or dashes. */
export const canonicalCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');

/** Replaces the user's recovery codes with ten new ones (hashed with argon2id); returns them, to be shown once. */
export async function replaceRecoveryCodes(db: Db, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  const hashes = await Promise.all(codes.map((c) => hashPassword(canonicalCode(c))));
  await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  await db.insert(twoFactorRecoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
  return codes;
}

/** Uses one unused recovery code of the user: true once per code (the update is the claim). */
export async function useRecoveryCode(db: Db, userId: string, code: string): Promise<boolean> {
  const typed = canonicalCode(code);
  if (!/^[a-z0-9]{10}$/.test(typed)) return false;
  const unused = await db
    .select({ id: twoFactorRecoveryCodes.id, codeHash: twoFactorRecoveryCodes.codeHash })
    .from(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.userId, userId), isNull(twoFactorRecoveryCodes.usedAt)));
  const matches = await Promise.all(unused.map((r) => verify(r.codeHash, typed).catch(() => false)));
  const hit = unused[matches.indexOf(true)];
  if (!hit) return false;
  const [claimed] = await db
    .update(twoFactorRecoveryCodes)
    .set({ usedAt: new Date().toISOString() })
    .where(and(eq(twoFactorRecoveryCodes.id, hit.id), isNull(twoFactorRecoveryCodes.usedAt)))
    .returning({ id: twoFactorRecoveryCodes.id });
  return Boolean(claimed);
}

export async function unusedRecoveryCodes(db: Db, userId: string): Promise<number> {
  const rows = await db
    .select({ id: twoFactorRecoveryCodes.id })
    .from(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.userId, userId), isNull(twoFactorRecoveryCodes.usedAt)));
  return rows.length;
}
