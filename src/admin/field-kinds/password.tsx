import { PasswordInput, useTranslate } from 'react-admin';
import { PASSWORD_MIN } from '../../shared/field-kinds/password';
import type { AdminFieldKind, InputProps } from './kind';
import { TextCell } from './TextCell';
import { confirmName, confirmValidator } from './confirm';
import { isBlank } from './values';

/** The password and its form-only confirmation twin. */
function PasswordInputs({ name, label, validate }: InputProps) {
  const translate = useTranslate();
  return (
    <>
      <PasswordInput source={name} label={label} validate={validate} fullWidth helperText={false} autoComplete="new-password" />
      <PasswordInput
        source={confirmName(name)}
        label={translate('app.form.confirm_password')}
        validate={confirmValidator(translate, name)}
        fullWidth
        helperText={false}
        autoComplete="new-password"
      />
    </>
  );
}

export const password: AdminFieldKind = {
  Input: PasswordInputs,
  Cell: TextCell,
  validators: (t, def) => {
    const min = def.minLength ?? PASSWORD_MIN;
    return [
      (value: unknown) =>
        typeof value === 'string' && value !== '' && value.length < min ? t('app.validation.password_min', { min }) : undefined,
    ];
  },
  // Blank means "unchanged" (SPEC 3: password sent on update when set).
  toBody: (v) => (isBlank(v) ? { keep: false } : { keep: true, value: v }),
};
