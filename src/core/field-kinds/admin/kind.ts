import type { ComponentType } from 'react';
import type { Validator } from 'react-admin';
import type { FieldDef, ResourceDef } from '../../shared/resource';

/** A form input of one declared field. */
export interface InputProps {
  resource: ResourceDef;
  /** Field name (the form's source). */
  name: string;
  def: FieldDef;
  /** Translated label. */
  label: string;
  validate: Validator[];
  /** The declared default when creating (else undefined). */
  defaultValue: unknown;
  /** Shown but not editable: a field the user's access rules let them read, not write. */
  disabled?: boolean;
}

/** A list cell; Datagrid reads `source`, `label` and `sortable` for its header. */
export interface CellProps {
  /** Field name or dotted path into a populated ref (`user.email`). */
  source: string;
  label: string;
  sortable: boolean;
  locale: string;
  /** The declared field whose kind draws the cell (for a path, the target's field). */
  def: FieldDef;
}

/** A list filter input (react-admin `filters`). */
export interface FilterInputProps {
  resource: ResourceDef;
  source: string;
  def: FieldDef;
  label: string;
  alwaysOn?: boolean;
}

/** What a field kind means in the admin. One module per kind, registered in index.ts. */
export interface AdminFieldKind {
  /** Its input in generated forms. Absent: forms leave the field out (server-set, or a custom editor's job). */
  Input?: ComponentType<InputProps>;
  /** Its cell in generated lists. */
  Cell: ComponentType<CellProps>;
  /** Its input in a list's filter bar (kinds the API filters on). */
  FilterInput?: ComponentType<FilterInputProps>;
  /** API value -> the value its input edits (default: as is). */
  toForm?(value: unknown): unknown;
  /** Form value -> request body value; `keep: false` leaves the field out of the body. */
  toBody(value: unknown, creating: boolean): { keep: boolean; value?: unknown };
}
