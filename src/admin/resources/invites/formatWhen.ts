const intlLocale = (locale: string) => (locale === 'el' ? 'el-GR' : 'en-GB');

function parse(iso: string | null): Date | null {
  if (!iso) return null;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** Short date and time in the interface language. */
export function formatWhen(iso: string | null, locale: string): string {
  const d = parse(iso);
  return d ? d.toLocaleString(intlLocale(locale), { dateStyle: 'short', timeStyle: 'short' }) : '';
}

/** Date and time apart, to stack them in a narrow table column. */
export function whenParts(iso: string | null, locale: string): { date: string; time: string } {
  const d = parse(iso);
  if (!d) return { date: '', time: '' };
  return {
    date: d.toLocaleDateString(intlLocale(locale), { dateStyle: 'short' }),
    time: d.toLocaleTimeString(intlLocale(locale), { timeStyle: 'short' }),
  };
}
