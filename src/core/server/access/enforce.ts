import type { ResourceDef } from '../../shared/resource';
import { readableFields } from '../../shared/api/crud';
import { filterParams } from '../../shared/list-filters';
import { HttpError } from '../http/http-error';
import { mayRead, mayWrite, type Access } from './access';

export const ACCESS_REFUSAL = {
  write: 'You may not change some of these fields.',
  writeField: 'You may not change this field.',
  read: 'You may not search, filter or sort by some of these fields.',
  readField: 'You may not read this field.',
} as const;

/** The fields of `r` the caller reads, in declaration order. */
export function readableFor(r: ResourceDef, access: Access | null | undefined): string[] {
  return readableFields(r).filter((f) => mayRead(access, f));
}

/** The `q` search fields the caller reads (a ref path counts as its ref field). */
export function searchableFor(r: ResourceDef, access: Access | null | undefined): readonly string[] {
  if (!access?.read) return r.search;
  return r.search.filter((f) => mayRead(access, f.split('.')[0]));
}

const refusal = (message: string, each: string, fields: string[]) =>
  new HttpError(403, message, Object.fromEntries(fields.map((f) => [f, each])));

/** 403 naming every field of the body the caller may not write; nothing is written. */
export function refuseUnwritable(body: Record<string, unknown>, access: Access | null | undefined): void {
  if (!access?.write) return;
  const refused = Object.keys(body).filter((f) => !mayWrite(access, f));
  if (refused.length) throw refusal(ACCESS_REFUSAL.write, ACCESS_REFUSAL.writeField, refused);
}

/**
 * 403 for a filter or sort on a field the caller may not read: which records
 * match, or their order, would tell its values.
 */
export function refuseHiddenParams(r: ResourceDef, p: Record<string, unknown>, access: Access | null | undefined): void {
  if (!access?.read) return;
  const refused = new Set<string>();
  for (const { param, field } of filterParams(r))
    if (Object.hasOwn(p, param) && p[param] !== undefined && !mayRead(access, field)) refused.add(field);
  const sort = typeof p.sort === 'string' ? p.sort.split('.')[0] : undefined;
  if (sort && !mayRead(access, sort)) refused.add(sort);
  if (refused.size) throw refusal(ACCESS_REFUSAL.read, ACCESS_REFUSAL.readField, [...refused]);
}
