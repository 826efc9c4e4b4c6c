import type { ResourceDef } from '../../shared/resource';
import { kindOf } from '../../field-kinds';
import { serverKindOf } from '../../field-kinds/server';
import { readableFields, type ApiRecord } from '../../shared/api/crud';
import { ROW_VERSION } from '../db/resource-tables';

export type Row = Record<string, unknown>;
export type { ApiRecord };

export { isoDate } from '../../field-kinds/date/server';

export { readableFields };

/**
 * A database row as the API shows it: `_id`, `_version` (when the row was
 * read with it), then each readable field (or each of `fields`) as its kind
 * shows it.
 */
export function toApi(r: ResourceDef, row: Row, fields: readonly string[] = readableFields(r)): ApiRecord {
  const out: ApiRecord = { _id: String(row.id) };
  if (typeof row[ROW_VERSION] === 'number') out._version = row[ROW_VERSION];
  for (const f of fields) {
    const def = r.fields[f];
    const toApiValue = serverKindOf(def).toApi;
    out[f] = toApiValue ? toApiValue(row[f]) : (row[f] ?? kindOf(def).emptyValue());
  }
  return out;
}
