import type { Column, SQL } from 'drizzle-orm';
import type { ExtraConfigColumn, IndexBuilder, PgColumn, PgColumnBuilderBase } from 'drizzle-orm/pg-core';
import type { FieldDef, ResourceDef } from '../../shared/resource';
import type { Db } from '../../server/db/client';
import type { AnyTable } from '../../server/db/any-table';
import type { ApiRecord } from '../../server/crud/representation';
import type { FileStorage } from '../../server/storage/file-storage';

/** Where a field sits while its table is being declared. */
export interface ColumnContext {
  resource: ResourceDef;
  field: string;
  def: FieldDef;
  /** Database column name (`column`, else the snake_case field name). */
  name: string;
  /** Table of the resource a ref points at (resolved lazily: tables may point at each other). */
  refTable(): AnyTable;
  /** Table of the resource itself (for a field's own table pointing back at it). */
  ownTable(): AnyTable;
}

/** Where browsers load stored files from. */
export type FileUrls = Pick<FileStorage, 'urlPrefix'>;

/** A record was deleted: its field's value and what it may have kept outside the database. */
export interface AfterDeleteContext {
  db: Db;
  storage: FileStorage;
  /** The resource's table and the field's column in it (to see whether another record still uses a file). */
  table: AnyTable;
  field: string;
}

/** Where a field keeps its files: the resource's table (its column) or the field's own table. */
export interface FieldFilesContext {
  db: Db;
  table: AnyTable;
  field: string;
  sideTable(): AnyTable;
}

/** A field being written by the generic CRUD routes. */
export interface FieldWriteContext {
  db: Db;
  resource: ResourceDef;
  field: string;
  def: FieldDef;
  /** Where uploaded files live. */
  storage: FileStorage;
  /** The field's own table (sideTable). */
  sideTable(): AnyTable;
}

/**
 * Writes that go to another table than the record's (join rows, child
 * rows, files): planned before the record's transaction, applied inside it.
 */
export interface RelatedWrites<Plan = unknown> {
  /** Checks the value against the record and prepares slow work (storing files) outside any transaction. */
  plan(c: FieldWriteContext, value: unknown, ownerId: string | null): Promise<Plan>;
  /** Inside the record's transaction; returns work to run once it committed. */
  apply(tx: Db, c: FieldWriteContext, plan: Plan, ownerId: string, replace: boolean): Promise<(() => Promise<void>) | undefined>;
  /** The write failed: undo what `plan` did outside the database. */
  discard?(c: FieldWriteContext, plan: Plan): Promise<void>;
}

export interface PopulateContext {
  db: Db;
  resource: ResourceDef;
  field: string;
  def: FieldDef;
  /** The field's own table (sideTable). */
  sideTable(): AnyTable;
  /** Where stored files are loaded from (image URLs). */
  files: FileUrls;
  /** The declaration a ref points at, and its table. */
  target(): ResourceDef;
  targetTable(): AnyTable;
  /**
   * What the caller may see of the target under their access rules: its
   * fields (null: all) and its records (SQL; undefined: all). A target the
   * caller may not see is shown as if it were gone.
   */
  targetLimits?: { read: ReadonlySet<string> | null; where: SQL | undefined };
}

/** What a field kind means to the server. One module per kind, registered in index.ts. */
export interface ServerFieldKind {
  /** Its column in the resource's table, keyed as rows carry it. Absent: it lives in `sideTable`. */
  column?(c: ColumnContext): [key: string, column: PgColumnBuilderBase];
  /** Indexes of its column besides unique, sort and search ones (a foreign key's). */
  indexes?(c: ColumnContext, column: ExtraConfigColumn): IndexBuilder[];
  /** A table of its own (join table, child table), named `${table}_${column}`. */
  sideTable?(c: ColumnContext, tableName: string): AnyTable;
  /** What `q` compares, and the indexes that serve it (`name` is the index name stem). */
  search?: {
    expr(column: Column | SQL): Column | SQL;
    indexes(name: string, column: ExtraConfigColumn): IndexBuilder[];
    /**
     * Its indexes serve a prefix (a btree on the folded value): a term too
     * short for trigrams searches only such fields, since any other would
     * be read row by row over the whole table.
     */
    prefix: boolean;
  };
  /** A body value made canonical before checks (default: strings trimmed). */
  normalize?(value: unknown): unknown;
  /** The columns a (normalized) body value sets (default: its own column, '' as null). */
  toColumns?(value: unknown, field: string, def: FieldDef): Promise<Record<string, unknown>>;
  /** Values kept outside the record's row. */
  related?: RelatedWrites;
  /** A stored value as the API shows it (default: as stored, or the kind's empty value). */
  toApi?(value: unknown): unknown;
  /** Fills the field on a page of records from other tables (refs, images). */
  populate?(c: PopulateContext, records: ApiRecord[]): Promise<void>;
  /** A list filter `?field{suffix}=value`, suffix as the shared kind's `filter.params` names it (default: equal). */
  filterWhere?(column: PgColumn, value: unknown, suffix: string): SQL;
  /** After a record was deleted: what it kept outside the database. */
  afterDelete?(c: AfterDeleteContext, value: unknown): Promise<void>;
  /** After an update gave the field a new value (committed): what the old value kept outside the database. */
  afterReplace?(c: AfterDeleteContext, oldValue: unknown): Promise<void>;
  /**
   * The value a version stores, from the value the API shows (default: as
   * shown): a ref's id, a ref list's ids, an image list's stored keys.
   */
  versionValue?(apiValue: unknown): unknown;
  /** The request body value that restores a stored version value (default: as stored). */
  restoreValue?(stored: unknown): unknown;
  /** Storage keys of the files a stored version value shows: kept while the version is. */
  versionFiles?(stored: unknown): string[];
  /** Whether a record still shows this storage key (a file versions no longer keep goes only when no record shows it). */
  fileInUse?(c: FieldFilesContext, key: string): Promise<boolean>;
  /** Keys every list of a resource with such a field carries. */
  listExtras?(files: FileUrls): Record<string, unknown>;
}
