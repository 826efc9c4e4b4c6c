const STEPS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', Infinity],
];

/** '5 minutes ago' / 'πριν από 5 λεπτά' for a past moment, in the interface language. */
export function relativeTime(at: number, now: number, locale: string): string {
  let value = Math.round((at - now) / 1000);
  const fmt = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const [unit, size] of STEPS) {
    if (Math.abs(value) < size) return fmt.format(unit === 'second' && Math.abs(value) < 10 ? 0 : value, unit);
    value = Math.round(value / size);
  }
  return fmt.format(value, 'day');
}
