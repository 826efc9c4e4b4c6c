import type { ResourceDef } from '../../../core/shared/resource';
import { kindOf } from '../../../core/field-kinds';
import type { FileUrls } from '../../../core/field-kinds/server/kind';
import type { Db } from '../../../core/server/db/client';
import { refTarget } from '../../../core/server/db/resource-tables';
import { listRecords } from '../../../core/server/crud/repository';
import type { ApiRecord } from '../../../core/server/crud/representation';
import type { TargetAccess } from '../../../core/server/crud/populate';
import { mayRead, type Access } from '../../../core/server/access/access';
import { searchableFor } from '../../../core/server/access/enforce';
import { recordAdminPath, searchedListPath } from '../../../core/shared/record-path';
import { SEARCH_COUNT_CAP, type SearchGroup, type SearchItem, type SearchMatch } from '../contract';
import { matchIn } from '../match';

/** A field's value as text the way a person reads it (its kind's CSV cell: rich text's words, tags joined). */
function textOf(r: ResourceDef, field: string, value: unknown): string | null {
  const def = r.fields[field];
  if (!def || value === null || value === undefined) return null;
  const text = kindOf(def).csv(value);
  return text === '' ? null : text;
}

/** The first of the caller's readable search fields the term occurs in (a ref path through its populated target). */
function matchOf(r: ResourceDef, rec: ApiRecord, access: Access | null, q: string): SearchMatch | null {
  for (const path of searchableFor(r, access)) {
    const [field, sub] = path.split('.');
    const value = sub ? (rec[field] as Record<string, unknown> | null | undefined)?.[sub] : rec[field];
    const text = sub ? textOf(refTarget(r, field), sub, value) : textOf(r, field, value);
    const found = text === null ? null : matchIn(path, text, q);
    if (found) return found;
  }
  return null;
}

function itemOf(r: ResourceDef, rec: ApiRecord, access: Access | null, q: string): SearchItem {
  const id = String(rec._id);
  const labelField = r.recordLabel;
  const label = labelField && mayRead(access, labelField) ? textOf(r, labelField, rec[labelField]) : null;
  return { id, label: label ?? id, path: recordAdminPath(r, id), match: matchOf(r, rec, access, q) };
}

/**
 * The order of a group: the list's own, unless it sorts by a referenced
 * record's field (user-roles by their role's type), which means reading that
 * field for every match before the first few; then the first sortable field
 * of the record itself the caller reads (their list's fallback otherwise).
 */
function groupOrder(r: ResourceDef, access: Access | null): { sort?: string; order?: string } {
  if (!r.defaultSort.field.includes('.')) return {};
  const own = r.sortable.find((f) => !f.includes('.') && mayRead(access, f));
  return own ? { sort: own, order: r.defaultSort.order } : {};
}

/**
 * The fields an item reads through to another record: a search path's
 * first step (`user.name`) and the label. Related lists (a role's
 * permissions) and pictures are not read: an item shows none of them.
 */
function shownRefs(r: ResourceDef, access: Access | null): ReadonlySet<string> {
  const through = searchableFor(r, access).flatMap((path) => (path.includes('.') ? [path.slice(0, path.indexOf('.'))] : []));
  return new Set(r.recordLabel ? [...through, r.recordLabel] : through);
}

/**
 * One resource's group: the first page of its list searched for `q`, as the
 * caller's list would answer it (the same matching, field and record rules,
 * populated refs within the caller's rules on their targets).
 */
export async function recordGroup(
  db: Db,
  r: ResourceDef,
  q: string,
  limit: number,
  files: FileUrls,
  access: Access | null,
  targets: TargetAccess | undefined,
): Promise<SearchGroup> {
  const page = await listRecords(db, r, { page: 1, limit, q, ...groupOrder(r, access) }, files, access, targets, {
    countCap: SEARCH_COUNT_CAP,
    populated: shownRefs(r, access),
  });
  return {
    resource: r.name,
    total: page.total,
    exact: page.totalExact,
    path: searchedListPath(r, q),
    items: page.data.map((rec) => itemOf(r, rec, access, q)),
  };
}
