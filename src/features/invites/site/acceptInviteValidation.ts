import type { Translate } from '../../../core/site/i18n/context';
import { EMAIL_PATTERN, PASSWORD_MIN } from '../../../core/field-kinds/text-rules';

export { PASSWORD_MIN };

export interface RegistrationValues {
  name: string;
  email: string;
  password: string;
}
export type RegistrationErrors = Partial<Record<keyof RegistrationValues, string>>;

/** The same checks (and words) as the admin forms (the patterns are the field kinds'). */

export function validateRegistration(v: RegistrationValues, t: Translate): RegistrationErrors {
  const errors: RegistrationErrors = {};
  const required = (field: string) => t('app.validation.required', { label: t(`app.acceptInvite.${field}`) });
  if (!v.name.trim()) errors.name = required('name');
  if (!v.email.trim()) errors.email = required('email');
  else if (!EMAIL_PATTERN.test(v.email.trim())) errors.email = t('app.validation.email');
  if (!v.password) errors.password = required('password');
  else if (v.password.length < PASSWORD_MIN) errors.password = t('app.validation.password_min', { min: PASSWORD_MIN });
  return errors;
}
