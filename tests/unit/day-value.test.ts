import { describe, expect, it } from 'vitest';
import { dateToDay, dayToDate } from '../../src/core/admin/dates/dayValue';

// The day filters send the API whole days ('YYYY-MM-DD'); the picker edits local dates.
describe('day filter values', () => {
  it('reads a whole day as that local day, and nothing else', () => {
    const d = dayToDate('2026-02-28');
    expect([d?.getFullYear(), d?.getMonth(), d?.getDate(), d?.getHours()]).toEqual([2026, 1, 28, 0]);
    expect(dayToDate('')).toBeNull();
    expect(dayToDate(undefined)).toBeNull();
    expect(dayToDate('2026-02-31')).toBeNull();
    expect(dayToDate('2026-2-3')).toBeNull();
    expect(dayToDate('28/02/2026')).toBeNull();
  });

  it('writes a picked day as the API reads it; an empty field is no filter; a half-typed one is not a day', () => {
    expect(dateToDay(new Date(2026, 10, 5, 23, 59))).toBe('2026-11-05');
    expect(dateToDay(null)).toBe('');
    expect(dateToDay(new Date(Number.NaN))).toBeUndefined();
    // The year typed so far ('202' on the way to 2026) is no day yet.
    expect(dateToDay(new Date(202, 10, 5))).toBeUndefined();
    expect(dateToDay(dayToDate('2024-02-29'))).toBe('2024-02-29');
  });
});
