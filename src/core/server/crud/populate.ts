import type { ResourceDef } from '../../shared/resource';
import type { Db } from '../db/client';
import { joinTableOf, refTarget, tableOf } from '../db/resource-tables';
import { serverKindOf } from '../../field-kinds/server';
import type { FileUrls } from '../../field-kinds/server/kind';
import type { ApiRecord } from './representation';
import { mayRead, type Access } from '../access/access';
import { readableSql } from '../access/condition-sql';

/** A caller's access rules on another resource (a ref's target); null when they allow everything. */
export type TargetAccess = (target: ResourceDef) => Promise<Access | null>;

/**
 * Fills the fields kept in other tables (refs as `{_id, ...populate}`, ref
 * lists, images), each kind with one query for the whole page.
 */
export async function populate(
  db: Db,
  r: ResourceDef,
  records: ApiRecord[],
  files: FileUrls,
  access?: Access | null,
  targets?: TargetAccess,
  /** Only these fields (a caller that shows part of each record); every readable one otherwise. */
  only?: ReadonlySet<string>,
): Promise<void> {
  if (!records.length) return;
  for (const [field, def] of Object.entries(r.fields)) {
    const fill = serverKindOf(def).populate;
    if (!fill || !mayRead(access, field) || (only && !only.has(field))) continue;
    const target = def.ref && targets ? refTarget(r, field) : undefined;
    const limits = target && targets ? await targets(target) : null;
    await fill(
      {
        db,
        resource: r,
        field,
        def,
        sideTable: () => joinTableOf(r, field),
        files,
        target: () => refTarget(r, field),
        targetTable: () => tableOf(refTarget(r, field)),
        targetLimits: target && limits ? { read: limits.read, where: readableSql(target, limits) } : undefined,
      },
      records,
    );
  }
}
