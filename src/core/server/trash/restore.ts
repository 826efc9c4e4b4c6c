import type { ResourceDef } from '../../shared/resource';
import type { Db } from '../db/client';
import { inTransaction } from '../db/transaction';
import { notFound } from '../http/http-error';
import { translateDbError } from '../crud/db-errors';
import { getRecord, readInTransaction, storeVersion, type WriteContext } from '../crud/repository';
import { UUID_PATTERN } from '../crud/schemas';
import type { ApiRecord } from '../crud/representation';
import { recordDiff } from '../audit/diff';
import { recordAudit } from '../audit/record';
import { putBack, trashEntry } from './store';

const uuidRe = new RegExp(UUID_PATTERN);

/** The record as the rank rule sees a restore: every link it brings back counts as granted now. */
function asGranted(r: ResourceDef, rec: ApiRecord): ApiRecord {
  const before: ApiRecord = { ...rec };
  for (const [f, def] of Object.entries(r.fields)) if (def.type === 'refList') Reflect.deleteProperty(before, f);
  return before;
}

/**
 * Takes a record out of the trash with what its delete took (role links,
 * pictures), in one transaction: the rank rule checks it as a change of the
 * record as restored (nobody brings back a user ranked at or above them, or
 * a link granting more than they hold), a new version and an audit entry
 * record it. A unique value taken since is a 409 naming the field.
 */
export async function restoreFromTrash(db: Db, r: ResourceDef, id: string, ctx: WriteContext): Promise<ApiRecord> {
  if (!uuidRe.test(id)) throw notFound();
  const entry = await trashEntry(db, r, id, ctx.access);
  if (!entry) throw notFound();
  try {
    await inTransaction(db, async (tx) => {
      await putBack(tx, r, id, entry);
      const rec = await readInTransaction(tx, r, id, ctx.storage);
      if (!rec) throw notFound();
      const verify = await ctx.guard?.(tx, { op: 'update', before: asGranted(r, rec), body: rec });
      await storeVersion(tx, r, id, 'restore', { files: ctx.storage, actorId: ctx.actorId });
      if (ctx.audit)
        await recordAudit(tx, ctx.audit.actor, {
          action: 'restore',
          resource: r.name,
          recordId: id,
          diff: recordDiff(r, undefined, rec, undefined),
        });
      await verify?.(tx);
    });
  } catch (err) {
    throw translateDbError(r, err);
  }
  return getRecord(db, r, id, ctx.storage, ctx.access ? { ...ctx.access, where: null } : null, ctx.targets);
}
