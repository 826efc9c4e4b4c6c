import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, intlLocale } from '../../src/core/web/dates';

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
