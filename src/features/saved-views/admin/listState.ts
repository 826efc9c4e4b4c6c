import type { ViewParams } from '../contract';

/** A configurable table's column as react-admin stores it (`preferences.<key>.availableColumns`). */
export interface StoredColumn {
  index: string;
  source?: string;
}

/** The store keys of a table's shown columns (indexes, in order) and of its columns to choose from. */
export const columnsKey = (preferenceKey: string) => `preferences.${preferenceKey}.columns`;
export const availableKey = (preferenceKey: string) => `preferences.${preferenceKey}.availableColumns`;
export const omitKey = (preferenceKey: string) => `preferences.${preferenceKey}.omit`;

const kept = (v: unknown) => v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0);

/** What a list shows now, as a view's params. `columns` only when a table has offered its columns (not on a phone). */
export function paramsOf(
  list: { filterValues: Record<string, unknown>; sort: { field: string; order: string }; perPage: number },
  shown: readonly string[] | undefined,
  available: readonly StoredColumn[],
  omit: readonly string[] | undefined,
): ViewParams {
  const { q, ...rest } = list.filterValues;
  const filter = Object.fromEntries(Object.entries(rest).filter(([, v]) => kept(v)));
  const params: ViewParams = { filter, perPage: list.perPage };
  if (typeof q === 'string' && q.trim()) params.q = q.trim();
  if (list.sort.field) {
    params.sort = list.sort.field;
    params.order = list.sort.order === 'DESC' ? 'DESC' : 'ASC';
  }
  if (available.length) {
    const indexes = shown ?? available.filter((c) => !c.source || !omit?.includes(c.source)).map((c) => c.index);
    params.columns = indexes.flatMap((i) => available.find((c) => c.index === i)?.source ?? []);
  }
  return params;
}

/** The list address a view opens: react-admin reads its filter, sort and page size from there. */
export function searchOf(p: ViewParams): string {
  const filter = { ...(p.filter ?? {}), ...(p.q ? { q: p.q } : {}) };
  const search = new URLSearchParams({ filter: JSON.stringify(filter), page: '1' });
  if (p.sort) {
    search.set('sort', p.sort);
    search.set('order', p.order ?? 'ASC');
  }
  if (p.perPage) search.set('perPage', String(p.perPage));
  return `?${search}`;
}

/** The view's columns as the table's indexes, in its order; columns without a field (the actions) stay last. */
export function columnIndexes(columns: readonly string[], available: readonly StoredColumn[]): string[] {
  const named = columns.flatMap((s) => available.find((c) => c.source === s)?.index ?? []);
  return [...named, ...available.filter((c) => !c.source).map((c) => c.index)];
}
