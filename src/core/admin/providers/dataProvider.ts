import type {
  CreateParams,
  DataProvider,
  DeleteManyParams,
  DeleteParams,
  GetListParams,
  GetManyParams,
  GetManyReferenceParams,
  GetOneParams,
  Identifier,
  RaRecord,
  UpdateManyParams,
  UpdateParams,
} from 'react-admin';
import { api } from '../api/http';
import { ifMatch } from '../api/ApiError';
import { productResources } from '../../../../resources/set';
import type { ResourceSet } from '../../shared/resource-set';
import {
  MAX_IDS,
  totalLabel,
  type ApiList,
  type ApiRecord,
  type DeletedManyAnswer,
  type UpdateManyBody,
  type UpdatedManyAnswer,
} from '../../shared/api/crud';

export type { ApiList };

/** react-admin wants `id`; the record keeps `_id` too for code that reads the API shape. */
export function toRecord<R extends RaRecord = RaRecord>(r: ApiRecord): R {
  return { ...r, id: r._id } as unknown as R;
}

function baseOf(resources: ResourceSet, resource: string): string {
  const def = resources.find(resource);
  if (!def) throw new Error(`Unknown resource ${resource}`);
  return def.api;
}

/** Strips the react-admin id so only API fields travel. */
function toBody(data: Partial<RaRecord> | Record<string, unknown>): Record<string, unknown> {
  const { id: _ignored, ...rest } = data;
  return rest;
}

function filterValue(v: unknown): string | null {
  if (v === undefined || v === null || v === '') return null;
  return typeof v === 'object' ? JSON.stringify(v) : String(v);
}

/** The search, order and filters of a list as query parameters (shared by the list and its CSV export). */
export function queryParams(
  def: { sortable: readonly string[] } | undefined,
  sort: { field: string; order: string } | undefined,
  filter: Record<string, unknown>,
): URLSearchParams {
  const params = new URLSearchParams();
  const { q, ...rest } = filter;
  const qs = filterValue(q);
  if (qs) params.set('q', qs);
  // Only declared sortable fields: the API rejects anything else with a 400.
  if (sort && def?.sortable.includes(sort.field)) {
    params.set('sort', sort.field);
    params.set('order', sort.order === 'DESC' ? 'DESC' : 'ASC');
  }
  for (const [k, v] of Object.entries(rest)) {
    const s = filterValue(v);
    if (s !== null) params.set(k, s);
  }
  return params;
}

export function listUrl(
  resource: string,
  page: number,
  perPage: number,
  sort: { field: string; order: string } | undefined,
  filter: Record<string, unknown>,
  resources: ResourceSet = productResources,
): string {
  const def = resources.find(resource);
  const params = new URLSearchParams({ page: String(page), limit: String(perPage) });
  for (const [k, v] of queryParams(def, sort, filter)) params.set(k, v);
  return `${baseOf(resources, resource)}?${params.toString()}`;
}

/** `GET {base}/export.csv` with the list's search, filters and order. */
export function exportUrl(
  resource: string,
  sort: { field: string; order: string } | undefined,
  filter: Record<string, unknown>,
  resources: ResourceSet = productResources,
): string {
  const qs = queryParams(resources.find(resource), sort, filter).toString();
  return `${baseOf(resources, resource)}/export.csv${qs ? `?${qs}` : ''}`;
}

/** Ids in runs of the most one request takes (`MAX_IDS`), each id once. */
function chunksOf(ids: readonly Identifier[]): string[][] {
  const unique = [...new Set(ids.map(String))];
  const chunks: string[][] = [];
  for (let i = 0; i < unique.length; i += MAX_IDS) chunks.push(unique.slice(i, i + MAX_IDS));
  return chunks;
}

/** `GET url`: one page of a list, as react-admin takes it. */
async function listPage<R extends RaRecord>(url: string, signal: AbortSignal | undefined) {
  const res = await api<ApiList>(url, { signal });
  return {
    data: res.data.map((r) => toRecord<R>(r)),
    total: res.total,
    // A capped count (totalExact false) is a lower bound: the list title shows "10000+".
    meta: { totalLabel: totalLabel(res) },
  };
}

/** getList, getOne, getMany and getManyReference of an app serving `resources`. */
function readMethods(resources: ResourceSet) {
  const base = (resource: string) => baseOf(resources, resource);
  return {
    async getList<R extends RaRecord>(resource: string, params: GetListParams) {
      const { page = 1, perPage = 25 } = params.pagination ?? {};
      return listPage<R>(listUrl(resource, page, perPage, params.sort, params.filter ?? {}, resources), params.signal);
    },
    async getOne<R extends RaRecord>(resource: string, params: GetOneParams<R>) {
      return { data: toRecord<R>(await api<ApiRecord>(`${base(resource)}/${encodeURIComponent(String(params.id))}`)) };
    },
    /** One request for all of them (`?ids=`), in chunks of the most the API takes. */
    async getMany<R extends RaRecord>(resource: string, params: GetManyParams<R>) {
      const pages = await Promise.all(
        chunksOf(params.ids).map((chunk) =>
          api<ApiList>(`${base(resource)}?${new URLSearchParams({ ids: chunk.join(','), limit: String(chunk.length) })}`, {
            signal: params.signal,
          }),
        ),
      );
      return { data: pages.flatMap((p) => p.data.map((r) => toRecord<R>(r))) };
    },
    async getManyReference<R extends RaRecord>(resource: string, params: GetManyReferenceParams) {
      const { page = 1, perPage = 25 } = params.pagination ?? {};
      const filter = { ...params.filter, [params.target]: params.id };
      return listPage<R>(listUrl(resource, page, perPage, params.sort, filter, resources), params.signal);
    },
  };
}

/**
 * `If-Match` with the version the record had when the screen read it: the
 * server refuses the write (412) when someone changed it since. None when
 * the screen has no version (a record read before versions existed).
 */
function ifMatchOf(previous: Partial<RaRecord> | undefined): Record<string, string> {
  return ifMatch(previous?._version);
}

/** A bulk write's `If-Match`: `"<id>:<version>"` for each record, from `meta.versions` (the list's rows). */
function bulkIfMatchOf(ids: readonly string[], meta: unknown): Record<string, string> {
  const versions = (meta as { versions?: Record<string, unknown> } | undefined)?.versions;
  if (!versions) return {};
  const tags = ids.flatMap((id) => (typeof versions[id] === 'number' ? [`"${id}:${versions[id]}"`] : []));
  return tags.length === ids.length ? { 'If-Match': tags.join(', ') } : {};
}

/** create, update, updateMany, delete and deleteMany of an app serving `resources`. */
function writeMethods(resources: ResourceSet) {
  const base = (resource: string) => baseOf(resources, resource);
  return {
    async create<R extends RaRecord>(resource: string, params: CreateParams) {
      const saved = await api<ApiRecord>(base(resource), { method: 'POST', body: toBody(params.data) });
      return { data: toRecord<R>(saved) };
    },
    async update<R extends RaRecord>(resource: string, params: UpdateParams) {
      const saved = await api<ApiRecord>(`${base(resource)}/${encodeURIComponent(String(params.id))}`, {
        method: 'PUT',
        body: toBody(params.data),
        headers: ifMatchOf(params.previousData),
      });
      return { data: toRecord<R>(saved) };
    },
    /**
     * `PUT {base}` with `{ids, data}`: one request, all or nothing on the
     * server. Past MAX_IDS ids, one request per run of MAX_IDS, one after the
     * other, so a refusal stops the runs after it.
     */
    async updateMany(resource: string, params: UpdateManyParams) {
      const done: string[] = [];
      for (const ids of chunksOf(params.ids)) {
        const body: UpdateManyBody = { ids, data: toBody(params.data) };
        const res = await api<UpdatedManyAnswer>(base(resource), { method: 'PUT', body });
        done.push(...res.data.map((r) => r._id));
      }
      return { data: done };
    },
    async delete<R extends RaRecord>(resource: string, params: DeleteParams<R>) {
      await api(`${base(resource)}/${encodeURIComponent(String(params.id))}`, {
        method: 'DELETE',
        headers: ifMatchOf(params.previousData),
      });
      return { data: params.previousData ?? ({ id: params.id } as R) };
    },
    /** `DELETE {base}?ids=...`: one request, all or nothing on the server (runs of MAX_IDS as updateMany). */
    async deleteMany(resource: string, params: DeleteManyParams) {
      const done: string[] = [];
      for (const ids of chunksOf(params.ids)) {
        const res = await api<DeletedManyAnswer>(`${base(resource)}?${new URLSearchParams({ ids: ids.join(',') })}`, {
          method: 'DELETE',
          headers: bulkIfMatchOf(ids, params.meta),
        });
        done.push(...res.data);
      }
      return { data: done };
    },
  };
}

/** The data provider of an app serving `resources` (their `api` bases). */
export function createDataProvider(resources: ResourceSet) {
  return { ...readMethods(resources), ...writeMethods(resources) } satisfies DataProvider;
}

export const dataProvider = createDataProvider(productResources);
