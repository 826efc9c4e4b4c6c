// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { resourceTables } from '../../src/core/server/db/resource-tables';
import * as schema from '../../src/core/server/db/schema';

describe('drizzle-kit schema', () => {
  it('exports every table derived from resources/, so migrations cover them all', () => {
    const exported = new Set<unknown>(Object.values(schema));
    const missing = Object.entries(resourceTables)
      .filter(([, table]) => !exported.has(table))
      .map(([name]) => name);
    expect(missing).toEqual([]);
  });
});
