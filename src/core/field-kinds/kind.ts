import type { TSchema } from 'typebox';
import type { FieldDef } from '../shared/resource';
import { Nullable, Type } from '../shared/api/schema';

export type JsonSchema = Record<string, unknown>;

/**
 * What a field kind means on both sides (server and browser): the shared.ts
 * of each kind's folder, registered in index.ts. Its server.ts adds its
 * column and SQL; its admin.tsx its input, list cell and filter input.
 */
export interface FieldKind {
  /** Request bodies may carry it (dates are set by the server). */
  writable: boolean;
  /** JSON Schema of the value in a create/update body. */
  bodySchema(def: FieldDef): JsonSchema;
  /** Schema of the value records carry in API answers (responses serialize through it). */
  apiSchema(def: FieldDef, c: ApiSchemaContext): TSchema;
  /** Keys (text values) every list of a resource with such a field carries; the server kind gives their values. */
  listExtras?: readonly string[];
  /**
   * Lists filter on it: the query parameters it adds, by suffix of the field
   * name, each with its JSON Schema: `''` for an exact value (`?field=value`),
   * `_gte` / `_lte` for a range's ends (`?field_gte=2026-01-01`). Absent: not a filter.
   */
  filter?: { params(def: FieldDef): Readonly<Record<string, JsonSchema>> };
  /** How `q` searches it: a text value, or any element of a list. Absent: `search` may not name it. */
  search?: 'text' | 'elements';
  /** The API value of a record that has none. */
  emptyValue(): unknown;
  /** A blank value in a body means "leave it as it is" (write-only secrets). */
  blankKeepsValue?: boolean;
  /** A secret: the audit trail records that it changed, never its value. */
  secret?: boolean;
  /** Shown after a record's label in choice lists ("Ann (ann@example.com)"). */
  choiceDetail?: boolean;
  /**
   * How an access rule's condition compares the stored value (`eq`, `in`,
   * `gt`...): as text, a number, a date, a boolean or a record's id. Absent:
   * conditions may not name a field of this kind.
   */
  compare?: 'text' | 'number' | 'date' | 'boolean' | 'id';
  /** The API value as one CSV cell (export). */
  csv(value: unknown): string;
  /**
   * A CSV cell as a body value (import), the inverse of `csv`. Default: the
   * text itself; the body schema's checks (with type coercion) follow.
   */
  fromCsv?(cell: string): unknown;
  /**
   * Checks forms run before sending (the server checks again with
   * `bodySchema`), as translation keys of the validation messages. Default: the
   * declared lengths.
   */
  checks?(def: FieldDef): Check[];
}

/** What a kind's API schema may ask about its declaration's surroundings. */
export interface ApiSchemaContext {
  /** A ref's target as lists show it: `{_id, ...populate}`. */
  populated(def: FieldDef): TSchema;
}

/** A required value, or the value or null. */
export const maybe = <T extends TSchema>(def: FieldDef, schema: T) => (def.required ? schema : Nullable(schema));

/** A text value in an answer. */
export const textApi = (def: FieldDef, extra: Record<string, unknown> = {}) => maybe(def, Type.String(extra));

/** A failed check: the message's translation key and its values (`label` is added by the form). */
export interface CheckFailure {
  key: string;
  args?: Record<string, string | number>;
}
export type Check = (value: unknown) => CheckFailure | undefined;

/** The declared minLength / maxLength of a text value. */
export function lengthChecks(def: FieldDef): Check[] {
  const checks: Check[] = [];
  const { minLength: min, maxLength: max } = def;
  if (min !== undefined) {
    checks.push((v) =>
      typeof v === 'string' && v !== '' && v.length < min ? { key: 'app.validation.min_length', args: { min } } : undefined,
    );
  }
  if (max !== undefined) {
    checks.push((v) => (typeof v === 'string' && v.length > max ? { key: 'app.validation.max_length', args: { max } } : undefined));
  }
  return checks;
}

/** A string value, nullable unless required, with the declared lengths. */
export function stringSchema(def: FieldDef, extra: JsonSchema = {}): JsonSchema {
  return {
    type: def.required ? 'string' : ['string', 'null'],
    ...(def.maxLength ? { maxLength: def.maxLength } : {}),
    ...(def.minLength ? { minLength: def.minLength } : {}),
    ...extra,
  };
}

export const UUID_PATTERN = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';

/** Plain values as text; nothing as an empty cell. */
export function csvText(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** A populated record (`{_id, name, ...}`) by its label, else its id. */
export function csvRecordLabel(value: unknown): string {
  if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    return csvText(o.name ?? o.title ?? o.email ?? o._id);
  }
  return csvText(value);
}
