/**
 * The one date and the one date-time format of each language, from Intl:
 * every date the admin and the site show goes through here. English reads '24 Nov 2026' and '24 Nov 2026, 14:05';
 * Greek '24 Νοε 2026' and '24 Νοε 2026, 2:05 μ.μ.'.
 */
export const DATE_OPTIONS: Intl.DateTimeFormatOptions = { dateStyle: 'medium' };
export const DATE_TIME_OPTIONS: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/** The Intl locale of an interface language (regional variants collapse). */
export function intlLocale(lang: string): string {
  return lang.toLowerCase().startsWith('el') ? 'el-GR' : 'en-GB';
}

const formats = new Map<string, Intl.DateTimeFormat>();
function format(lang: string, kind: 'date' | 'dateTime'): Intl.DateTimeFormat {
  const key = `${intlLocale(lang)} ${kind}`;
  let f = formats.get(key);
  if (!f) formats.set(key, (f = new Intl.DateTimeFormat(intlLocale(lang), kind === 'date' ? DATE_OPTIONS : DATE_TIME_OPTIONS)));
  return f;
}

function parse(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** A day ('' for no or an unreadable value). */
export function formatDate(value: string | number | Date | null | undefined, lang: string): string {
  const d = parse(value);
  return d ? format(lang, 'date').format(d) : '';
}

/** A moment: day and time ('' for no or an unreadable value). */
export function formatDateTime(value: string | number | Date | null | undefined, lang: string): string {
  const d = parse(value);
  return d ? format(lang, 'dateTime').format(d) : '';
}
