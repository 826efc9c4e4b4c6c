import type { AnyTable } from '../../server/db/any-table';

/** Default fields shown of a record a list points at. */
const DEFAULT_POPULATE = ['name'];

/** The columns a populated ref shows: its id plus the declared `populate` fields the caller may read. */
export function shownColumns(
  table: AnyTable,
  populate: readonly string[] | undefined,
  read: ReadonlySet<string> | null = null,
): Record<string, AnyTable['id']> {
  const shown = (populate ?? DEFAULT_POPULATE).filter((f) => !read || read.has(f));
  return Object.fromEntries([['id', table.id], ...shown.map((c) => [c, table[c]])]);
}

/** A selected row as a populated object: `{_id, ...shown}`. */
export function asPopulated(row: Record<string, unknown>): Record<string, unknown> {
  const { id, ownerId: _owner, ...rest } = row;
  return { _id: String(id), ...rest };
}
