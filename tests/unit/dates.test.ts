import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, intlLocale } from '../../src/core/web/dates';
import { isoDate } from '../../src/core/field-kinds/date/server';

// One date and one date-time format per language, from Intl.
describe('the shared date formats', () => {
  const iso = '2026-03-05T14:07:00.000Z';
  const d = new Date(iso);

  it('formats a date-time the same way whatever the input type', () => {
    const en = formatDateTime(iso, 'en');
    expect(en).toBe(new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(d));
    expect(formatDateTime(d, 'en')).toBe(en);
    expect(formatDateTime(d.getTime(), 'en')).toBe(en);
    expect(en).toMatch(/Mar 2026, \d\d:07$/);
  });

  it('speaks Greek, regional variants collapsing to the language', () => {
    const el = formatDateTime(iso, 'el');
    expect(el).toBe(new Intl.DateTimeFormat('el-GR', { dateStyle: 'medium', timeStyle: 'short' }).format(d));
    expect(el).toMatch(/Μαρ 2026/);
    expect(formatDateTime(iso, 'el-CY')).toBe(el);
    expect(intlLocale('EL')).toBe('el-GR');
    expect(intlLocale('de')).toBe('en-GB');
  });

  it('formats a date alone as the date part of the date-time', () => {
    expect(formatDate(iso, 'en')).toMatch(/^\d{1,2} Mar 2026$/);
    expect(formatDateTime(iso, 'en').startsWith(formatDate(iso, 'en'))).toBe(true);
    expect(formatDate(iso, 'el')).toMatch(/Μαρ 2026$/);
  });

  it('shows nothing for no value or an unreadable one', () => {
    expect(formatDateTime(null, 'en')).toBe('');
    expect(formatDateTime('', 'en')).toBe('');
    expect(formatDate('not a date', 'el')).toBe('');
  });
});

describe('dates in the API (isoDate)', () => {
  it("rewrites PostgreSQL's UTC text exactly as a Date would, and reads anything else through Date", () => {
    const texts = [
      '2026-11-28 12:59:29.427602+00',
      '2026-11-28 12:59:29.4+00',
      '2026-01-01 00:00:00+00',
      '1999-12-31 23:59:59.999999+00',
      '2026-03-05 16:07:00.5+02',
      '2026-03-05T14:07:00.000Z',
    ];
    for (const t of texts) expect(isoDate(t)).toBe(new Date(t.replace(' ', 'T').replace(/\+(\d\d)$/, '+$1:00')).toISOString());
    expect(isoDate('2026-11-28 12:59:29.427602+00')).toBe('2026-11-28T12:59:29.427Z');
    expect(isoDate(new Date('2026-03-05T14:07:00Z'))).toBe('2026-03-05T14:07:00.000Z');
    expect(isoDate('not a date')).toBeNull();
    expect(isoDate(null)).toBeNull();
  });
});
