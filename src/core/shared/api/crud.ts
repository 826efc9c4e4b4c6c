import type { FieldDef, ResourceDef } from '../resource';
import { filterParams } from '../list-filters';
import { kindOf } from '../../field-kinds';
import { UUID_PATTERN } from '../../field-kinds/kind';
import { errors } from './errors';
import { operation } from './operation';
import { LimitParam, PageParam, SearchParam } from './paging';
import { Id, Ok, Type, type Static, type TSchema } from './schema';
import { stemOf } from './stem';

/**
 * The contract of the generic CRUD routes, generated from a declaration:
 * request schemas from the kinds' `bodySchema`/`filter`, record schemas from
 * their `apiSchema`. What every resource shares is typed statically
 * (`ApiRecord`, `ApiList`); a resource's own fields are checked at run time.
 */

/**
 * The record's version: 1 when made, one more on every change. Its entity
 * tag (`ETag: "7"`), which `If-Match` on an update or delete compares.
 */
export const RecordVersion = Type.Integer({ minimum: 1, description: 'The record’s version; its ETag is "<version>".' });

/** A record as any resource's routes answer it: its id as `_id`, its `_version`, then its readable fields. */
export interface ApiRecord {
  _id: string;
  [field: string]: unknown;
}
export const RecordBase = Type.Unsafe<ApiRecord>(Type.Object({ _id: Type.String() }, { additionalProperties: Type.Unknown() }));

/** A page of a list. `total` is exact, or (`totalExact: false`) a lower bound: "10000+". */
export const listOf = <T extends TSchema>(record: T, extras: readonly string[] = []) =>
  Type.Object({
    data: Type.Array(record),
    total: Type.Integer({ minimum: 0 }),
    totalExact: Type.Boolean(),
    page: Type.Integer({ minimum: 1 }),
    pages: Type.Integer({ minimum: 1 }),
    ...Object.fromEntries(extras.map((k) => [k, Type.String()])),
  });
export const ListBase = listOf(RecordBase);
export type ApiList = Static<typeof ListBase>;

/** The label of a list's total: `10000+` when it is only a lower bound. */
export const totalLabel = (list: Pick<ApiList, 'total' | 'totalExact'>): string => `${list.total}${list.totalExact ? '' : '+'}`;

/** Finds the declaration a ref points at. */
export type FindResource = (name: string) => ResourceDef | undefined;

/** Fields the API returns for a resource (never write-only or internal ones). */
export function readableFields(r: ResourceDef): string[] {
  return Object.entries(r.fields)
    .filter(([, d]) => !d.writeOnly && !d.internal)
    .map(([f]) => f);
}

/** Fields a request body may carry. */
export function writableFields(r: ResourceDef): [string, FieldDef][] {
  return Object.entries(r.fields).filter(([, d]) => !d.readOnly && !d.internal && kindOf(d).writable);
}

export { filterFields } from '../list-filters';

/** A ref's target as lists show it: `{_id}` and its `populate` fields (never a write-only or internal one). */
function populatedSchema(find: FindResource, def: FieldDef): TSchema {
  const fields = (def.ref ? find(def.ref)?.fields : undefined) ?? {};
  const shown = (def.populate ?? ['name']).flatMap((f) => {
    const d = Object.hasOwn(fields, f) ? fields[f] : undefined;
    return d && !d.writeOnly && !d.internal ? [[f, d] as const] : [];
  });
  const none = { populated: () => Type.Object({ _id: Type.String() }) };
  return Type.Object({
    _id: Type.String(),
    // Optional: the caller's access rules on the target may hide a field.
    ...Object.fromEntries(shown.map(([f, d]) => [f, Type.Optional(kindOf(d).apiSchema(d, none))])),
  });
}

/**
 * The record schema of a resource: the answer to get, create and update, and
 * each entry of a list; `extra` adds keys some answers carry (a trashed
 * record's deletion). One object, never an allOf: fast-json-stringify merges
 * those on every build.
 */
export function recordSchema(r: ResourceDef, find: FindResource, extra: Record<string, TSchema> = {}) {
  const ctx = { populated: (def: FieldDef) => populatedSchema(find, def) };
  const fields = readableFields(r);
  return Type.Unsafe<ApiRecord>(
    Type.Object({
      _id: Type.String(),
      _version: Type.Optional(RecordVersion),
      // Optional: a caller whose access rules hide a field gets records without it.
      ...Object.fromEntries(fields.map((f) => [f, Type.Optional(kindOf(r.fields[f]).apiSchema(r.fields[f], ctx))])),
      ...extra,
    }),
  );
}

/** Keys a list of this resource carries besides the page (where image paths start...). */
export function listExtrasOf(r: ResourceDef): string[] {
  return [...new Set(Object.values(r.fields).flatMap((d) => kindOf(d).listExtras ?? []))];
}

/** Body schema; unknown fields are dropped (additionalProperties false + removeAdditional). */
export function bodySchema(r: ResourceDef, mode: 'create' | 'update'): TSchema {
  const fields = writableFields(r);
  return Type.Unsafe<Record<string, unknown>>({
    type: 'object',
    additionalProperties: false,
    properties: Object.fromEntries(fields.map(([f, d]) => [f, kindOf(d).bodySchema(d)])),
    ...(mode === 'create' ? { required: fields.filter(([, d]) => d.required).map(([f]) => f) } : {}),
  });
}

/** Most ids one `?ids=` list (react-admin's getMany) may ask for: 200 keep the URL under 8 KB (Node refuses request heads over 16 KB). */
export const MAX_IDS = 200;

const uuid = UUID_PATTERN.slice(1, -1);

/** `?ids=<uuid>,<uuid>,...`: at most MAX_IDS record ids. */
export const IdsParam = Type.String({
  pattern: `^${uuid}(,${uuid}){0,${MAX_IDS - 1}}$`,
  maxLength: MAX_IDS * 37,
  description: `Only these records (comma-separated ids, at most ${MAX_IDS}).`,
});

/** The search, order and declared filters (each kind's `filter.params`) of a list or its CSV export. */
function searchParams(r: ResourceDef) {
  return {
    q: Type.Optional(SearchParam),
    ...(r.sortable.length ? { sort: Type.Optional(Type.Unsafe<string>({ type: 'string', enum: [...r.sortable] })) } : {}),
    order: Type.Optional(Type.Unsafe<string>({ type: 'string', enum: ['ASC', 'DESC', 'asc', 'desc'] })),
    ...Object.fromEntries(filterParams(r).map((p) => [p.param, Type.Optional(Type.Unsafe(p.schema))])),
  };
}

/** `?page&limit&q&sort&order` and the declared filters. */
export function listQuerySchema(r: ResourceDef): TSchema {
  return Type.Unsafe<Record<string, unknown>>(
    Type.Object(
      {
        page: PageParam,
        // The "load all" limits (100000, 1000000) are accepted; a page holds at most MAX_ROWS.
        limit: LimitParam(1000000, 25),
        ids: Type.Optional(IdsParam),
        ...searchParams(r),
      },
      { additionalProperties: false },
    ),
  );
}

/** `GET {api}/export.csv?q&sort&order` and the declared filters. */
export function exportQuerySchema(r: ResourceDef): TSchema {
  return Type.Unsafe<Record<string, unknown>>(Type.Object(searchParams(r), { additionalProperties: false }));
}

export const IdParams = Type.Object({ id: Type.String() });

/** `DELETE {api}?ids=<uuid>,...`: the records to delete (react-admin's deleteMany), at most MAX_IDS. */
export const IdsQuery = Type.Object({ ids: IdsParam }, { additionalProperties: false });

/**
 * `PUT {api}` (react-admin's updateMany): the same change for each of `ids`,
 * `data` checked as the body of a single update.
 */
export function updateManyBodySchema(r: ResourceDef) {
  return Type.Object(
    {
      ids: Type.Array(Type.String({ pattern: UUID_PATTERN }), { minItems: 1, maxItems: MAX_IDS }),
      data: Type.Unsafe<Record<string, unknown>>(bodySchema(r, 'update')),
    },
    { additionalProperties: false },
  );
}
export type UpdateManyBody = Static<ReturnType<typeof updateManyBodySchema>>;

/** The answer of `PUT {api}`: the changed records as they are now. */
export const UpdatedMany = <T extends TSchema>(record: T) => Type.Object({ data: Type.Array(record) });
/** The answer of `DELETE {api}?ids=`: the ids deleted. */
export const DeletedMany = Type.Object({ data: Type.Array(Type.String()) });
export type UpdatedManyAnswer = Static<ReturnType<typeof UpdatedMany<typeof RecordBase>>>;
export type DeletedManyAnswer = Static<typeof DeletedMany>;

/** What every operation of one resource carries: its tag, the stem of its id, and the schema of its records. */
interface OperationBasis {
  tags: string[];
  stem: string;
  record: ReturnType<typeof recordSchema>;
}

/** Said of every generic update and delete: how `If-Match` guards a write against changes made since the record was read. */
const IF_MATCH =
  'Send `If-Match: "<version>"` (the record’s `_version`, its `ETag`) to write only while the record is as you read it; ' +
  'a bulk write lists `"<id>:<version>"` for each record. A stale version answers 412 with the record as it is now ' +
  '(`current`) and writes nothing. Without `If-Match` the write applies to the record as it is (the last write wins).';

/** 412: the record changed since the writer read it; `current` is the record now, as the caller may read it. */
export const staleAnswer = (record: TSchema) =>
  Type.Object(
    { error: Type.String(), current: record },
    { description: 'The record changed since you read it (`If-Match` names an older version); nothing was written.' },
  );

/** list, get, create, update and delete: the operations on one record (or a page of them). */
function singleOperations(r: ResourceDef, { tags, stem: s, record }: OperationBasis) {
  return {
    list: operation({
      operationId: `list${s}`,
      summary: `List ${r.name} (paged, searchable, sortable)`,
      tags,
      querystring: listQuerySchema(r),
      response: { 200: listOf(record, listExtrasOf(r)) },
    }),
    get: operation({
      operationId: `get${s}`,
      summary: `One of ${r.name} by id`,
      tags,
      params: IdParams,
      response: { 200: record, ...errors(404) },
    }),
    create: operation({
      operationId: `create${s}`,
      summary: `Add one to ${r.name}`,
      tags,
      body: bodySchema(r, 'create'),
      response: { 201: record, ...errors(403, 409) },
    }),
    update: operation({
      operationId: `update${s}`,
      summary: `Change one of ${r.name}`,
      description: IF_MATCH,
      tags,
      params: IdParams,
      body: bodySchema(r, 'update'),
      response: { 200: record, ...errors(403, 404, 409), 412: staleAnswer(record) },
    }),
    delete: operation({
      operationId: `delete${s}`,
      summary: `Delete one of ${r.name}`,
      description: IF_MATCH,
      tags,
      params: IdParams,
      response: { 200: Ok, ...errors(403, 404, 409), 412: staleAnswer(record) },
    }),
  };
}

/** updateMany and deleteMany: several records in one request, all or none. */
function bulkOperations(r: ResourceDef, { tags, stem: s, record }: OperationBasis) {
  return {
    updateMany: operation({
      operationId: `updateMany${s}`,
      summary: `Change several of ${r.name} alike (all or none)`,
      description:
        'Each record is checked as a single update (permission of `PUT {api}/{id}`, rank rule); a refusal or a missing id changes nothing. ' +
        IF_MATCH,
      tags,
      body: updateManyBodySchema(r),
      response: { 200: UpdatedMany(record), ...errors(403, 404, 409), 412: staleAnswer(record) },
    }),
    deleteMany: operation({
      operationId: `deleteMany${s}`,
      summary: `Delete several of ${r.name} (all or none)`,
      description:
        'Each record is checked as a single delete (permission of `DELETE {api}/{id}`, rank rule); a refusal or a missing id deletes nothing. ' +
        IF_MATCH,
      tags,
      querystring: IdsQuery,
      response: { 200: DeletedMany, ...errors(403, 404, 409), 412: staleAnswer(record) },
    }),
  };
}

/** The generic operations of one resource, generated from its declaration. */
export function crudOperations(r: ResourceDef, find: FindResource) {
  const basis: OperationBasis = { tags: [r.name], stem: stemOf(r.name), record: recordSchema(r, find) };
  return { ...singleOperations(r, basis), ...bulkOperations(r, basis) };
}

export { Id };
