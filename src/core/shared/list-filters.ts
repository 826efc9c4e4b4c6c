import { kindOf } from '../field-kinds';
import type { JsonSchema } from '../field-kinds/kind';
import type { FieldDef, ResourceDef } from './resource';

/** One query parameter a list accepts as a filter: `?{param}=value`. */
export interface FilterParam {
  /** The query parameter: the field name plus its kind's suffix (`createdAt_gte`). */
  param: string;
  field: string;
  /** `''` for an exact value, `_gte` / `_lte` for a range's ends. */
  suffix: string;
  def: FieldDef;
  schema: JsonSchema;
}

/** Fields a list can filter by (their kind filters; never server-only columns), in declaration order. */
export function filterFields(r: ResourceDef): [string, FieldDef][] {
  return Object.entries(r.fields).filter(([, d]) => !d.internal && !d.writeOnly && kindOf(d).filter);
}

/** Every filter parameter a list of `r` (and its CSV export) accepts. */
export function filterParams(r: ResourceDef): FilterParam[] {
  return filterFields(r).flatMap(([field, def]) =>
    Object.entries(kindOf(def).filter?.params(def) ?? {}).map(([suffix, schema]) => ({
      param: field + suffix,
      field,
      suffix,
      def,
      schema,
    })),
  );
}
