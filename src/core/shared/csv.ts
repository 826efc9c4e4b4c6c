import { kindOf } from '../field-kinds';
import type { ResourceDef } from './resource';

/** A plain number: spreadsheets read it as one, and a minus sign there starts no formula. */
const NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * Text a spreadsheet would run as a formula (OWASP "CSV injection"): a
 * leading =, +, -, @, tab or carriage return, after any leading spaces.
 */
const FORMULA = /^[\s]*[=+\-@\t\r]/;

/**
 * One CSV cell: a value that would start a formula is prefixed with an
 * apostrophe (shown as text, the value still readable); quoted when it holds
 * the file's delimiter (a comma unless given), a quote or a line break
 * (RFC 4180).
 */
export function csvCell(value: string, delimiter: ',' | ';' = ','): string {
  const text = FORMULA.test(value) && !NUMBER.test(value) ? `'${value}` : value;
  return /["\r\n]/.test(text) || text.includes(delimiter) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The fields a CSV export of `r` carries: what the API returns, in declaration order. */
export function csvFields(r: ResourceDef): string[] {
  return Object.entries(r.fields)
    .filter(([, d]) => !d.writeOnly && !d.internal)
    .map(([f]) => f);
}

/** One record as a CSV line, each value written by its field kind (refs by label, tags joined...). */
export function csvRow(r: ResourceDef, record: Record<string, unknown>, fields: readonly string[] = csvFields(r)): string {
  return fields.map((f) => csvCell(kindOf(r.fields[f]).csv(record[f]))).join(',');
}
