import type { TranslateFunction, Validator } from 'react-admin';
import type { FieldDef } from '../../shared/resource';
import { kindOf } from '../../field-kinds';
import { lengthChecks } from '../../field-kinds/kind';

export { EMAIL_PATTERN } from '../../field-kinds/email/shared';
export { PASSWORD_MIN } from '../../field-kinds/password/shared';
export { confirmValidator } from '../../field-kinds/admin/confirm';

const isEmpty = (v: unknown) =>
  v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);

export const requiredMessage = (t: TranslateFunction, label: string) => t('app.validation.required', { label });

/**
 * The browser-side checks of one declared field, with the product's messages:
 * required, then its kind's checks (src/core/field-kinds/<kind>/shared.ts; by default the declared lengths).
 * Messages are translated here (the label is a translation itself), so
 * react-admin shows them as they are.
 */
export function fieldValidators(t: TranslateFunction, def: FieldDef, label: string, required = def.required === true): Validator[] {
  const v: Validator[] = [];
  if (required) v.push((value: unknown) => (isEmpty(value) ? requiredMessage(t, label) : undefined));
  const checks = kindOf(def).checks?.(def) ?? lengthChecks(def);
  for (const check of checks) {
    v.push((value: unknown) => {
      const failed = check(value);
      return failed ? t(failed.key, { label, ...failed.args }) : undefined;
    });
  }
  return v;
}
