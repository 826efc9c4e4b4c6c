import type { ResourceDef } from '../../shared/resource';
import type { Db } from '../db/client';
import { revokeUserSessions } from '../security/session-store';
import type { ApiRecord } from './representation';

function ownerOf(rule: { owner: string }, rec: ApiRecord | undefined): string | null {
  if (!rec) return null;
  const v = rule.owner === 'id' ? rec._id : rec[rule.owner];
  if (v && typeof v === 'object' && Object.hasOwn(v, '_id')) return String((v as ApiRecord)._id);
  return typeof v === 'string' ? v : null;
}

/**
 * Applies a resource's `endSessions` rule after a write: the sessions of the
 * affected user end, except the session that made the change.
 */
export async function endSessionsAfterWrite(
  db: Db,
  r: ResourceDef,
  body: Record<string, unknown> | null,
  before: ApiRecord | undefined,
  after: ApiRecord | undefined,
  actingSession: string | undefined,
  /** The write created the record and nothing ran on it since (no hook after): no session can name it yet. */
  opts: { created?: boolean } = {},
): Promise<void> {
  const rule = r.endSessions;
  if (!rule) return;
  // A session's user is a user that existed before it: a record this write made owns none (one query, and its
  // trigger's auth_changed notice to every process, fewer per created user).
  if (opts.created && rule.owner === 'id') return;
  if (rule.onFields && body) {
    const changed = rule.onFields.some((f) => {
      if (!Object.hasOwn(body, f)) return false;
      // A write-only value (password) cannot be compared: sending one is the change.
      if (r.fields[f]?.writeOnly) return typeof body[f] === 'string' && body[f] !== '';
      return before?.[f] !== after?.[f];
    });
    if (!changed) return;
  }
  const owners = new Set([ownerOf(rule, before), ownerOf(rule, after)].filter((x): x is string => Boolean(x)));
  for (const owner of owners) await revokeUserSessions(db, owner, actingSession);
}
