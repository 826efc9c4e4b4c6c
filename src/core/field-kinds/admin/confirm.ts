import type { TranslateFunction, Validator } from 'react-admin';

/** Suffix of the form-only confirmation twin of a password field. */
export const CONFIRM_SUFFIX = 'Confirm';
export const confirmName = (field: string) => `${field}${CONFIRM_SUFFIX}`;

/** Confirm-password check against the sibling `password` value. */
export function confirmValidator(t: TranslateFunction, passwordField: string): Validator {
  return (value: unknown, all: Record<string, unknown>) => {
    const pw = all[passwordField];
    if ((pw === undefined || pw === null || pw === '') && (value === undefined || value === null || value === '')) return undefined;
    return value !== pw ? t('app.validation.passwords_mismatch') : undefined;
  };
}
