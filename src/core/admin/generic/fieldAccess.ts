import type { RaRecord } from 'react-admin';
import { mayBeAllowed, type Condition } from '../../shared/access-rules';
import type { ApiCalls } from '../providers/apiPermissions';
import type { ResourceDef } from '../../shared/resource';

/**
 * What a role's access rules leave the user of one resource: the fields
 * they read and write, and the records they may change. The server applies
 * the same rules; the screens follow them so they never offer what it would
 * refuse (a 403 for an unreadable sort or filter, an unwritable body field;
 * a 404 for a record outside the rule).
 */
export interface FieldAccess {
  read(field: string): boolean;
  write(field: string): boolean;
  /** False only when the record is surely outside `writeWhere`; what the browser cannot tell is left to the server. */
  writeRecord(record: RaRecord | undefined): boolean;
}

export const UNLIMITED: FieldAccess = { read: () => true, write: () => true, writeRecord: () => true };

/** The limits of `calls` on resource `name`, `me` being the signed-in user's id (for `$me`). */
export function fieldAccess(calls: ApiCalls | undefined, name: string, me: string | undefined): FieldAccess {
  const limits = calls && !calls.superadmin && Object.hasOwn(calls.access, name) ? calls.access[name] : undefined;
  if (!limits) return UNLIMITED;
  const { read, write } = limits;
  const writeWhere = limits.writeWhere as Condition[] | null;
  return {
    read: (field) => !read || read.includes(field),
    write: (field) => !write || write.includes(field),
    writeRecord: (record) => !record || mayBeAllowed(writeWhere, record, me),
  };
}

/** The declared list columns whose field the user may read (the server leaves the others out of records). */
export const readableColumns = (def: ResourceDef, access: FieldAccess) =>
  def.list.columns.filter((c) => access.read(c.source.split('.')[0]));
