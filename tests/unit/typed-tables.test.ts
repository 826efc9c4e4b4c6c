// @vitest-environment node
import { getTableName } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { columnShape } from '../../src/core/server/db/column-shape';
import { resourceTables } from '../../src/core/server/db/resource-tables';
import { tableShapes } from '../../src/core/server/db/table-shapes';

/** A table's columns by key, as plain values. */
const columnsOf = (table: object) =>
  Object.fromEntries(
    Object.entries(table)
      .map(([key, col]) => [key, columnShape(col)] as const)
      .filter(([, c]) => c.isColumn),
  );

// table-shapes.ts gives tsc the column types of the tables derived from the
// declarations; were a declaration to change without `npm run db:generate`,
// the types would lie. This keeps them the same, column by column.
describe('typed tables (src/core/server/db/table-shapes.ts)', () => {
  it('has a shape for each derived table and no other', () => {
    expect(Object.keys(tableShapes).sort()).toEqual(Object.keys(resourceTables).sort());
  });

  it.each(Object.keys(resourceTables))('%s: same table name and columns (name, SQL type, mode, NOT NULL, default, key)', (key) => {
    const shape = tableShapes[key as keyof typeof tableShapes]();
    const table = resourceTables[key];
    expect(getTableName(shape)).toBe(getTableName(table));
    expect(columnsOf(shape)).toEqual(columnsOf(table));
  });
});
