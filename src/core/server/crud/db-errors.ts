import type { ResourceDef } from '../../shared/resource';
import { columnName } from '../../shared/resource';
import { badRequest, conflict, HttpError } from '../http/http-error';
import { humanize } from '../http/labels';

interface PgError {
  code?: string;
  constraint?: string;
  cause?: PgError;
}

export const FOREIGN_KEY_VIOLATION = '23503';

/** The PostgreSQL error of `err` (a driver may wrap it in `cause`). */
function pgError(err: unknown): PgError | undefined {
  let e = err as PgError | undefined;
  while (e && !e.code && e.cause) e = e.cause;
  return e?.code ? e : undefined;
}

/** The SQLSTATE of a database error, if `err` is one. */
export const pgCode = (err: unknown): string | undefined => pgError(err)?.code;

/** Turns unique and foreign-key violations into 409/400 a person can act on. */
export function translateDbError(r: ResourceDef, err: unknown): unknown {
  const e = pgError(err);
  if (!e) return err;
  if (e.code === '23505') {
    for (const [f, d] of Object.entries(r.fields)) {
      if (d.unique && e.constraint === `${r.table}_${columnName(f, d)}_uq`) {
        return conflict(`${humanize(f)} is already in use.`, { [f]: `${humanize(f)} is already in use.` });
      }
    }
    return conflict('A record with these values already exists.');
  }
  if (e.code === FOREIGN_KEY_VIOLATION) return badRequest('A referenced record does not exist.');
  if (e.code === '22001') return badRequest('A value is too long.');
  return err instanceof HttpError ? err : err;
}
