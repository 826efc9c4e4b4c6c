/**
 * The shape of a resource declaration. One declaration per admin resource in
 * `resources/` drives the database table, API validation, the generic CRUD
 * routes and the generated react-admin screens. Nothing here may import server
 * or browser code: both sides read these declarations.
 */

import type { FieldType } from '../field-kinds';

/** What each kind means (column, validation, input, cell...): one folder per kind in src/core/field-kinds (shared.ts, server.ts, admin.tsx). */
export type { FieldType };

export interface FieldDef {
  type: FieldType;
  /** i18n key of the label; defaults to `resources.{name}.fields.{field}`. */
  label?: string;
  required?: boolean;
  default?: string | number | boolean | null;
  unique?: boolean;
  minLength?: number;
  maxLength?: number;
  min?: number;
  max?: number;
  options?: readonly string[];
  /** Resource name the id(s) point to (ref, refList). */
  ref?: string;
  /** Fields of the referenced record a list populates, e.g. ['name', 'email']. */
  populate?: readonly string[];
  /** Never returned by the API (passwords). */
  writeOnly?: boolean;
  /** Set by the server only; ignored in request bodies. */
  readOnly?: boolean;
  /** Server-only column: never accepted in a body, never returned. */
  internal?: boolean;
  /** Database column name; defaults to the snake_case of the field name. */
  column?: string;
  /** Path of the value in another table (read-only projections), e.g. 'user.email'. */
  from?: string;
  /** Fill an empty value with a unique slug of this other field. */
  slugFrom?: string;
  /** Most entries an images or tags field may hold. */
  maxItems?: number;
  /**
   * A ref to users the server fills with who wrote the record (never from
   * the body): `creator` once, on create; `editor` on every create and update.
   */
  setBy?: 'creator' | 'editor';
}

export interface ColumnDef {
  /**
   * Field name, or a dotted path into a populated ref (`user.email`). The
   * cell is the field kind's (for a path, the kind of the target's field).
   */
  source: string;
  label?: string;
}

export interface ResourceDef {
  /** Resource name used in URLs of the admin (`/admin/{name}`) and i18n keys. */
  name: string;
  /** Database table. Projections (`source`) reuse another resource's table. */
  table: string;
  /** Read this resource from another resource's table (read-only views). */
  source?: string;
  /** API base path of the generic CRUD routes. */
  api: string;
  fields: Record<string, FieldDef>;
  /** Fields searched by `q` (case-insensitive substring, pg_trgm indexed). */
  search: readonly string[];
  /** Fields accepted by `sort`. */
  sortable: readonly string[];
  defaultSort: { field: string; order: 'ASC' | 'DESC' };
  /** Unique constraints over several fields. */
  uniqueTogether?: readonly (readonly string[])[];
  /** Which generic routes exist. Missing means all five. */
  operations?: readonly Operation[];
  /** Generic screens. */
  list: {
    columns: readonly ColumnDef[];
    /** i18n key of the search placeholder. */
    searchPlaceholder: string;
  };
  form?: {
    mode: 'modal' | 'page';
    fields: readonly string[];
  };
  /** Admin path of the screen; the menu entry carries the same path. */
  path: string;
  /**
   * Admin path that opens one record, `:id` standing for its id, when its
   * screen is not the list's (an editor page of its own). Default: the list
   * with `?open=:id`, which opens the record's form.
   */
  editPath?: string;
  /** Admin path of the screen that adds a record, when it is not the list's (an editor page). Default: the list with `?open=new`. */
  createPath?: string;
  /** Options lists (ref inputs) load with this limit, high enough to load them all. */
  choicesLimit?: number;
  /** Restrict ref choices, e.g. only confirmed, unblocked users. */
  refFilter?: Record<string, Record<string, string | boolean>>;
  /**
   * Writes that end sessions (block, password or role change): `owner`
   * names whose sessions ('id' for the record itself, or a ref field pointing
   * at the user). With
   * `onFields`, only a change of one of those fields counts.
   */
  endSessions?: { owner: string; onFields?: readonly string[] };
  /**
   * The rank rule on writes through the generic routes. Every
   * write of a resource with a rule must leave an active superadmin.
   * - `subject`: the user a record is about: 'id' (the record is the user)
   *   or a ref field pointing at users. Writing the record needs a strictly
   *   higher rank than that user's (superadmins aside); a record that is the
   *   user cannot be deleted by that user.
   * - `lockOut`: field values that keep the user from signing in, such as
   *   `{ blocked: true }`: nobody sets them on themself.
   * - `grantsRole`: a ref field to roles whose role the subject receives:
   *   nobody grants a role ranked above themself.
   * - `roleType`: the record is a role, and this field holds its type:
   *   nobody creates, changes or deletes a role ranked above themself.
   * - `grantsPermissions`: a refList of permissions the record (a role)
   *   grants to its holders: only permissions the actor holds.
   * - `grantsMenuEntries`: a refList of client permissions (menu entries)
   *   the record grants: only entries the actor holds.
   */
  rank?: {
    subject?: string;
    lockOut?: Readonly<Record<string, boolean>>;
    grantsRole?: string;
    roleType?: string;
    grantsPermissions?: string;
    grantsMenuEntries?: string;
  };
  /** Largest request body of create/update, in bytes (default 1 MiB). */
  bodyLimit?: number;
  /**
   * `false`: its records keep no versions (messages to one person, such as
   * notifications, are not content anyone restores). Default: every write
   * stores a version, and `{api}/{id}/versions` serves them.
   */
  history?: false;
  /**
   * The audit trail's name for a generic write when it means more than
   * create/update/delete (a user-role link is a 'role-link').
   */
  auditActions?: Partial<Readonly<Record<'create' | 'update' | 'delete', string>>>;
  /** Label shown for a record (i18n titles like 'Edit X'). */
  recordLabel?: string;
  /**
   * The menu entry (client permission) a first start creates for `path`:
   * its `menu` group ('normal' = General), order, and the role types that
   * see it. Without it the screen has no menu entry until an admin adds one.
   */
  menu?: { name: string; group: string; order: number; description: string; roles: readonly string[] };
}

export const ALL_OPERATIONS = ['list', 'get', 'create', 'update', 'delete'] as const;

export function operationsOf(r: ResourceDef): readonly string[] {
  return r.operations ?? ALL_OPERATIONS;
}

export type Operation = (typeof ALL_OPERATIONS)[number];

/** Whether the API serves `op` for the resource (and its screens offer it). */
export function hasOperation(r: ResourceDef, op: Operation): boolean {
  return operationsOf(r).includes(op);
}

export function columnName(field: string, def: FieldDef): string {
  return def.column ?? field.replace(/[A-Z]/g, (c) => '_' + c.toLowerCase());
}

export function fieldLabel(resource: string, field: string, def?: FieldDef): string {
  return def?.label ?? `resources.${resource}.fields.${field}`;
}
