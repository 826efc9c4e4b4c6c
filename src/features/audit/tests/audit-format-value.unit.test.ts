import { describe, expect, it } from 'vitest';
import { formatValue } from '../admin/formatValue';
import { formatDateTime } from '../../../core/web/dates';

const yesNo = (b: boolean) => (b ? 'Yes' : 'No');
const show = (v: unknown, lang = 'en') => formatValue(v, '(empty)', yesNo, (iso) => formatDateTime(iso, lang));

describe('a value in an audit diff', () => {
  it('shows a moment in the interface’s date-time format, not as the API writes it', () => {
    const iso = '2026-11-27T02:46:18.689Z';
    expect(show(iso)).toBe(formatDateTime(iso, 'en'));
    expect(show(iso)).not.toContain('T02:46');
    expect(show(iso, 'el')).toBe(formatDateTime(iso, 'el'));
    expect(show([iso, '2026-12-01T10:00:00+02:00'])).toBe(
      `${formatDateTime(iso, 'en')}, ${formatDateTime('2026-12-01T10:00:00+02:00', 'en')}`,
    );
  });

  it('leaves other text, numbers and near-dates as they are', () => {
    expect(show('2026-11-27 is the day')).toBe('2026-11-27 is the day');
    expect(show('2026')).toBe('2026');
    expect(show(42)).toBe('42');
    expect(show('')).toBe('(empty)');
    expect(show(true)).toBe('Yes');
    expect(show({ _id: 'x', name: 'Editors' })).toBe('Editors');
  });
});
