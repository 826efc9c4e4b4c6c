/**
 * The day filters' value is the API's 'YYYY-MM-DD' (a whole day, no time
 * zone); the picker edits a local Date. These convert between the two.
 */
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** 'YYYY-MM-DD' -> that day at local midnight; null for '' or anything unreadable. */
export function dayToDate(value: string | undefined | null): Date | null {
  const m = DAY.exec(value ?? '');
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(y, mo - 1, d);
  // 2026-02-31 would roll over to March: not a day.
  return date.getFullYear() === y && date.getMonth() === mo - 1 && date.getDate() === d ? date : null;
}

/** A local Date -> 'YYYY-MM-DD'; '' for none; undefined for an incomplete or impossible one. */
export function dateToDay(date: Date | null): string | undefined {
  if (date === null) return '';
  if (Number.isNaN(date.getTime())) return undefined;
  const y = date.getFullYear();
  if (y < 1000 || y > 9999) return undefined;
  return `${y}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}
