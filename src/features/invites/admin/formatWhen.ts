import { formatDateTime } from '../../../core/web/dates';

/** Date and time in the interface language: the product's one date-time format (src/core/web/dates.ts). */
export function formatWhen(iso: string | null, locale: string): string {
  return formatDateTime(iso, locale);
}
