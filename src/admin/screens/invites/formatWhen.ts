/** Short date and time in the interface language (the table has seven columns to fit). */
export function formatWhen(iso: string | null, locale: string): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return d.toLocaleString(locale === 'el' ? 'el-GR' : 'en-GB', { dateStyle: 'short', timeStyle: 'short' });
}
