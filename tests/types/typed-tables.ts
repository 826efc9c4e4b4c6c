// Compiled by `tsc` (npm test's type check), never run: the tables the
// server's own routes use carry their column types (src/core/server/db/tables.ts,
// typed by the generated table-shapes.ts). Each `@ts-expect-error` line must
// be an error, or tsc fails with "Unused '@ts-expect-error' directive".
import { eq } from 'drizzle-orm';
import type { Db } from '../../src/core/server/db/client';
import { rolesT, usersT } from '../../src/core/server/db/tables';

// A misspelled column does not compile.
// @ts-expect-error -- `users` has no column `emial`
export const misspelled = usersT.emial;

export async function typedQueries(db: Db) {
  const [user] = await db.select({ email: usersT.email, blocked: usersT.blocked }).from(usersT).where(eq(usersT.id, 'x'));
  // Query results are typed: `blocked` is a boolean, `email` a string.
  // @ts-expect-error -- a boolean is not a string
  const blocked: string = user.blocked;
  const email: string = user.email;
  // Inserts are checked: `name` and `email` are required, `confirmed` is a boolean.
  // @ts-expect-error -- `email` is missing
  await db.insert(usersT).values({ name: 'Ann' });
  // @ts-expect-error -- `confirmed` takes a boolean
  await db.update(usersT).set({ confirmed: 'yes' });
  // @ts-expect-error -- roles have no `permission` column (the links are a table of their own)
  await db.select({ p: rolesT.permission }).from(rolesT);
  return { blocked, email };
}
