import { PasswordInput, useTranslate } from 'react-admin';
import type { AdminFieldKind, InputProps } from '../admin/kind';
import { TextCell } from '../admin/TextCell';
import { confirmName, confirmValidator } from '../admin/confirm';
import { isBlank } from '../admin/values';

/** The password and its form-only confirmation twin. */
function PasswordInputs({ name, label, validate, disabled }: InputProps) {
  const translate = useTranslate();
  return (
    <>
      <PasswordInput
        source={name}
        label={label}
        validate={validate}
        fullWidth
        helperText={false}
        autoComplete="new-password"
        disabled={disabled}
      />
      <PasswordInput
        source={confirmName(name)}
        label={translate('app.form.confirm_password')}
        validate={confirmValidator(translate, name)}
        fullWidth
        helperText={false}
        autoComplete="new-password"
        disabled={disabled}
      />
    </>
  );
}

export const password: AdminFieldKind = {
  Input: PasswordInputs,
  Cell: TextCell,
  // Blank means "unchanged": the password is sent on update only when set.
  toBody: (v) => (isBlank(v) ? { keep: false } : { keep: true, value: v }),
};
