import { and, like, ne } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { AnyTable } from '../db/resource-tables';

/** 'Σαντορίνη at Dawn!' -> 'σαντορίνη-at-dawn': letters of any script survive. */
export function slugify(text: string): string {
  const s = text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return s || 'item';
}

/** The slug of `text`, with -2, -3, ... when another record has it. */
export async function uniqueSlug(db: Db, t: AnyTable, field: string, text: string, exceptId?: string): Promise<string> {
  const base = slugify(text);
  const conds = [like(t[field], `${base.replace(/[\\%_]/g, (c) => '\\' + c)}%`)];
  if (exceptId) conds.push(ne(t.id, exceptId));
  const taken = new Set(
    (
      await db
        .select({ s: t[field] })
        .from(t)
        .where(and(...conds))
    ).map((r) => String(r.s)),
  );
  if (!taken.has(base)) return base;
  for (let i = 2; ; i++) if (!taken.has(`${base}-${i}`)) return `${base}-${i}`;
}
