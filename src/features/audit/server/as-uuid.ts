import { sql, type SQL } from 'drizzle-orm';
import { UUID_PATTERN } from '../../../core/field-kinds/kind';

/**
 * A text that holds a record's id as a uuid, or NULL when it holds none: so
 * `id = asUuid(text)` finds the row by its primary key. (`id::text = text`
 * would read the whole table for every entry, and a plain `::uuid` cast
 * fails on a text that is not one.)
 */
export const asUuid = (text: SQL): SQL => sql`(CASE WHEN ${text} ~ ${UUID_PATTERN} THEN (${text})::uuid END)`;
