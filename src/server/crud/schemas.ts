import type { FieldDef, ResourceDef } from '../../shared/resource';
import { imageEntrySchema } from './images-field';
import { limitParam, pageParam } from '../http/paging';
import { ISSUED_IMAGE_PATTERN } from '../uploads/images';

type JsonSchema = Record<string, unknown>;

export const UUID_PATTERN = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';

/** Fields a request body may carry. */
export function writableFields(r: ResourceDef): [string, FieldDef][] {
  return Object.entries(r.fields).filter(([, d]) => !d.readOnly && !d.internal && d.type !== 'date');
}

function fieldSchema(def: FieldDef): JsonSchema {
  const str = (extra: JsonSchema = {}): JsonSchema => ({
    type: def.required ? 'string' : ['string', 'null'],
    ...(def.maxLength ? { maxLength: def.maxLength } : {}),
    ...(def.minLength ? { minLength: def.minLength } : {}),
    ...extra,
  });
  switch (def.type) {
    case 'boolean':
      return { type: 'boolean' };
    case 'number':
      return {
        type: def.required ? 'integer' : ['integer', 'null'],
        ...(def.min !== undefined ? { minimum: def.min } : {}),
        ...(def.max !== undefined ? { maximum: def.max } : {}),
      };
    case 'enum':
      return { type: 'string', enum: [...(def.options ?? [])] };
    case 'email':
      return str({ format: 'email' });
    case 'ref':
      return { type: def.required ? 'string' : ['string', 'null'], pattern: UUID_PATTERN };
    case 'refList':
      return { type: 'array', maxItems: 100000, items: { type: 'string', pattern: UUID_PATTERN } };
    case 'tags':
      return { type: 'array', maxItems: def.maxItems ?? 100, items: { type: 'string', maxLength: 100 } };
    case 'images':
      return { type: 'array', maxItems: 50, items: imageEntrySchema };
    case 'image':
      return str({ pattern: ISSUED_IMAGE_PATTERN });
    default:
      return str();
  }
}

/** Body schema; unknown fields are dropped (additionalProperties false + removeAdditional). */
export function bodySchema(r: ResourceDef, mode: 'create' | 'update'): JsonSchema {
  const fields = writableFields(r);
  return {
    type: 'object',
    additionalProperties: false,
    properties: Object.fromEntries(fields.map(([f, d]) => [f, fieldSchema(d)])),
    ...(mode === 'create' ? { required: fields.filter(([, d]) => d.required).map(([f]) => f) } : {}),
  };
}

/** Fields usable as exact-match filters in a list query (`?confirmed=true`). */
export function filterFields(r: ResourceDef): [string, FieldDef][] {
  return Object.entries(r.fields).filter(([, d]) => !d.internal && (d.type === 'boolean' || d.type === 'enum' || d.type === 'ref'));
}

export function listQuerySchema(r: ResourceDef): JsonSchema {
  const filters = Object.fromEntries(
    filterFields(r).map(([f, d]) => [
      f,
      d.type === 'boolean'
        ? { type: 'boolean' }
        : d.type === 'ref'
          ? { type: 'string', pattern: UUID_PATTERN }
          : { type: 'string', enum: [...(d.options ?? [])] },
    ]),
  );
  return {
    type: 'object',
    additionalProperties: false,
    properties: {
      page: pageParam,
      // SPEC 9: the "load all" limits (100000, 1000000) are accepted; a page holds at most MAX_ROWS.
      limit: limitParam(1000000, 25),
      q: { type: 'string', maxLength: 200 },
      sort: { type: 'string', enum: [...r.sortable] },
      order: { type: 'string', enum: ['ASC', 'DESC', 'asc', 'desc'] },
      ...filters,
    },
  };
}

export const idParamsSchema: JsonSchema = {
  type: 'object',
  properties: { id: { type: 'string' } },
  required: ['id'],
};
