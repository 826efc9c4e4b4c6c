import { formatDateTime } from '../../../web/dates';

/** Date and time in the interface language: the product's one date-time format (src/web/dates.ts). */
export function formatWhen(iso: string | null, locale: string): string {
  return formatDateTime(iso, locale);
}
