import type { ResourceDef } from '../../shared/resource';
import { columnName } from '../../shared/resource';
import { badRequest, conflict, HttpError } from '../http/http-error';
import { humanize } from '../http/labels';

interface PgError {
  code?: string;
  constraint?: string;
  cause?: PgError;
}

/** Turns unique and foreign-key violations into 409/400 a person can act on. */
export function translateDbError(r: ResourceDef, err: unknown): unknown {
  let e = err as PgError;
  while (e && !e.code && e.cause) e = e.cause;
  if (!e?.code) return err;
  if (e.code === '23505') {
    for (const [f, d] of Object.entries(r.fields)) {
      if (d.unique && e.constraint === `${r.table}_${columnName(f, d)}_uq`) {
        return conflict(`${humanize(f)} is already in use.`, { [f]: `${humanize(f)} is already in use.` });
      }
    }
    return conflict('A record with these values already exists.');
  }
  if (e.code === '23503') return badRequest('A referenced record does not exist.');
  if (e.code === '22001') return badRequest('A value is too long.');
  return err instanceof HttpError ? err : err;
}
