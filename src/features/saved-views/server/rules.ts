import { filterParams } from '../../../core/shared/list-filters';
import type { ResourceDef } from '../../../core/shared/resource';
import { readableFields } from '../../../core/shared/api/crud';
import { badRequest } from '../../../core/server/http/http-error';
import { mayRead, type Access } from '../../../core/server/access/access';
import { FILTER_VALUE_MAX, type ViewParams } from '../contract';

/** The filter parameter names of a list, and the field each reads. */
const filterFieldOf = (r: ResourceDef) => new Map(filterParams(r).map((p) => [p.param, p.field]));

/** Names a view's columns may use: the list's declared column sources and the resource's readable fields. */
const columnNames = (r: ResourceDef) => new Set([...r.list.columns.map((c) => c.source), ...readableFields(r)]);

const fieldOfColumn = (column: string) => column.split('.')[0];

const scalar = (v: unknown) => v === null || ['string', 'number', 'boolean'].includes(typeof v);

/** A filter value a list's query could carry: a scalar or a short list of them, small as JSON. */
const filterValueOk = (v: unknown) =>
  (scalar(v) || (Array.isArray(v) && v.length <= 100 && v.every(scalar))) && JSON.stringify(v).length <= FILTER_VALUE_MAX;

const listed = (names: Iterable<string>) => [...names].join(', ') || 'none';

/**
 * 400 for anything a list of `r` would not take: a filter that is not one of
 * its filter parameters (prototype names included: lookups are by `Map`),
 * a sort that is not sortable, a column that is no field of it.
 */
export function checkParams(r: ResourceDef, p: ViewParams): void {
  const filters = filterFieldOf(r);
  const unknownFilters = Object.keys(p.filter ?? {}).filter((k) => !filters.has(k));
  if (unknownFilters.length) {
    const message = `Unknown filter for ${r.name}: ${unknownFilters.join(', ')}. Its filters are: ${listed(filters.keys())}.`;
    throw badRequest(message, { 'params.filter': message });
  }
  const badValues = Object.entries(p.filter ?? {}).filter(([, v]) => !filterValueOk(v));
  if (badValues.length) {
    const message = `A filter's value must be text, a number, true or false, or a list of those (${badValues.map(([k]) => k).join(', ')}).`;
    throw badRequest(message, { 'params.filter': message });
  }
  if (p.sort !== undefined && p.sort !== '' && !r.sortable.includes(p.sort)) {
    const message = `${r.name} cannot be sorted by ${p.sort}. It sorts by: ${listed(r.sortable)}.`;
    throw badRequest(message, { 'params.sort': message });
  }
  const columns = columnNames(r);
  const unknownColumns = (p.columns ?? []).filter((c) => !columns.has(c));
  if (unknownColumns.length) {
    const message = `Unknown column for ${r.name}: ${unknownColumns.join(', ')}.`;
    throw badRequest(message, { 'params.columns': message });
  }
}

/**
 * The view as a viewer may use it: a filter, sort or column on a field their
 * access rules do not let them read is left out (it would be a 403, or tell
 * the field's values), and named in `dropped`.
 */
export function withinAccess(r: ResourceDef, p: ViewParams, access: Access | null): { params: ViewParams; dropped: string[] } {
  if (!access?.read) return { params: p, dropped: [] };
  const dropped = new Set<string>();
  const filters = filterFieldOf(r);
  const params: ViewParams = { ...p };
  if (p.filter) {
    const kept: Record<string, NonNullable<ViewParams['filter']>[string]> = {};
    for (const [k, v] of Object.entries(p.filter)) {
      const field = filters.get(k);
      if (field && !mayRead(access, field)) dropped.add(field);
      else kept[k] = v;
    }
    params.filter = kept;
  }
  if (p.sort && !mayRead(access, fieldOfColumn(p.sort))) {
    dropped.add(fieldOfColumn(p.sort));
    delete params.sort;
    delete params.order;
  }
  if (p.columns) {
    params.columns = p.columns.filter((c) => {
      const ok = mayRead(access, fieldOfColumn(c));
      if (!ok) dropped.add(fieldOfColumn(c));
      return ok;
    });
  }
  return { params, dropped: [...dropped] };
}
