/**
 * The types drizzle's sessions keep as PostgreSQL's text (it parses them
 * itself): timestamp, timestamptz, interval, date, and the arrays of
 * numeric, timestamp, timestamptz, interval and date. Whatever reads rows for
 * drizzle's columns without drizzle must keep them as text too.
 */
export const DRIZZLE_TEXT_TYPES: readonly number[] = [1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182];
