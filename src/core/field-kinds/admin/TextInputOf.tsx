import { TextInput } from 'react-admin';
import type { InputProps } from './kind';

/** A single-line text input (`type` email gives phones the e-mail keyboard). */
export function TextInputOf({ name, label, validate, defaultValue, disabled, type = 'text' }: InputProps & { type?: 'text' | 'email' }) {
  return (
    <TextInput
      source={name}
      label={label}
      validate={validate}
      fullWidth
      helperText={false}
      defaultValue={defaultValue}
      type={type}
      disabled={disabled}
    />
  );
}

/** A multi-line text input. */
export function MultilineInput({ name, label, validate, disabled }: InputProps) {
  return (
    <TextInput source={name} label={label} validate={validate} fullWidth helperText={false} multiline minRows={3} disabled={disabled} />
  );
}
