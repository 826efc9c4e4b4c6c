import type { PgTableWithColumns } from 'drizzle-orm/pg-core';

// Tables built at run time from declarations have no static column types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- dynamic table shape
export type AnyTable = PgTableWithColumns<any>;
