import type { FieldDef, ResourceDef } from '../../shared/resource';
import { kindOf } from '../../shared/field-kinds';
import type { JsonSchema } from '../../shared/field-kinds/kind';
import { limitParam, pageParam } from '../http/paging';
import { filterParams } from '../../shared/list-filters';

export { UUID_PATTERN } from '../../shared/field-kinds/kind';

/** Fields a request body may carry. */
export function writableFields(r: ResourceDef): [string, FieldDef][] {
  return Object.entries(r.fields).filter(([, d]) => !d.readOnly && !d.internal && kindOf(d).writable);
}

/** Body schema; unknown fields are dropped (additionalProperties false + removeAdditional). */
export function bodySchema(r: ResourceDef, mode: 'create' | 'update'): JsonSchema {
  const fields = writableFields(r);
  return {
    type: 'object',
    additionalProperties: false,
    properties: Object.fromEntries(fields.map(([f, d]) => [f, kindOf(d).bodySchema(d)])),
    ...(mode === 'create' ? { required: fields.filter(([, d]) => d.required).map(([f]) => f) } : {}),
  };
}

/** The query of a CSV export: the search, the filters and the order of its list. */
export function exportQuerySchema(r: ResourceDef): JsonSchema {
  const filters = Object.fromEntries(filterParams(r).map((p) => [p.param, p.schema]));
  return {
    type: 'object',
    additionalProperties: false,
    properties: {
      q: { type: 'string', maxLength: 200 },
      sort: { type: 'string', enum: [...r.sortable] },
      order: { type: 'string', enum: ['ASC', 'DESC', 'asc', 'desc'] },
      ...filters,
    },
  };
}

export function listQuerySchema(r: ResourceDef): JsonSchema {
  const exported = exportQuerySchema(r);
  return {
    ...exported,
    properties: {
      page: pageParam,
      // SPEC 9: the "load all" limits (100000, 1000000) are accepted; a page holds at most MAX_ROWS.
      limit: limitParam(1000000, 25),
      ...(exported.properties as Record<string, JsonSchema>),
    },
  };
}

export const idParamsSchema: JsonSchema = {
  type: 'object',
  properties: { id: { type: 'string' } },
  required: ['id'],
};
