import type { TranslateFunction, Validator } from 'react-admin';
import type { FieldDef } from '../../shared/resource';

/** SPEC 5: a simple {something}@{something}.{something} pattern. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const PASSWORD_MIN = 6;

const isEmpty = (v: unknown) =>
  v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);

export const requiredMessage = (t: TranslateFunction, label: string) => t('app.validation.required', { label });

/**
 * The browser-side checks of one declared field, with the SPEC 5 messages.
 * Messages are translated here (the label is a translation itself), so
 * react-admin shows them as they are.
 */
export function fieldValidators(t: TranslateFunction, def: FieldDef, label: string, required = def.required === true): Validator[] {
  const v: Validator[] = [];
  if (required) v.push((value: unknown) => (isEmpty(value) ? requiredMessage(t, label) : undefined));
  if (def.type === 'email') {
    v.push((value: unknown) =>
      typeof value === 'string' && value.trim() !== '' && !EMAIL_PATTERN.test(value.trim()) ? t('app.validation.email') : undefined,
    );
  }
  if (def.type === 'password') {
    const min = def.minLength ?? PASSWORD_MIN;
    v.push((value: unknown) =>
      typeof value === 'string' && value !== '' && value.length < min ? t('app.validation.password_min', { min }) : undefined,
    );
  } else if (def.minLength !== undefined) {
    const min = def.minLength;
    v.push((value: unknown) =>
      typeof value === 'string' && value !== '' && value.length < min ? t('app.validation.min_length', { label, min }) : undefined,
    );
  }
  if (def.maxLength !== undefined && def.type !== 'password') {
    const max = def.maxLength;
    v.push((value: unknown) =>
      typeof value === 'string' && value.length > max ? t('app.validation.max_length', { label, max }) : undefined,
    );
  }
  if (def.type === 'number') {
    v.push((value: unknown) => {
      if (isEmpty(value)) return undefined;
      const n = Number(value);
      if (!Number.isFinite(n)) return t('app.validation.number', { label });
      if (def.min !== undefined && n < def.min) return t('app.validation.min_value', { label, min: def.min });
      if (def.max !== undefined && n > def.max) return t('app.validation.max_value', { label, max: def.max });
      return undefined;
    });
  }
  return v;
}

/** Confirm-password check against the sibling `password` value. */
export function confirmValidator(t: TranslateFunction, passwordField: string): Validator {
  return (value: unknown, all: Record<string, unknown>) => {
    const pw = all[passwordField];
    if ((pw === undefined || pw === null || pw === '') && (value === undefined || value === null || value === '')) return undefined;
    return value !== pw ? t('app.validation.passwords_mismatch') : undefined;
  };
}
