import { EmailField } from 'react-admin';
import { EMAIL_PATTERN } from '../../shared/field-kinds/email';
import type { AdminFieldKind, CellProps, InputProps } from './kind';
import { TextInputOf } from './TextInputOf';
import { lengthValidators, textBody } from './values';

function EmailInput(props: InputProps) {
  return <TextInputOf {...props} type="email" />;
}

/** A mailto link. */
function EmailCell({ source, label, sortable }: CellProps) {
  return <EmailField source={source} label={label} sortable={sortable} />;
}

export const email: AdminFieldKind = {
  Input: EmailInput,
  Cell: EmailCell,
  validators: (t, def, label) => [
    (value: unknown) =>
      typeof value === 'string' && value.trim() !== '' && !EMAIL_PATTERN.test(value.trim()) ? t('app.validation.email') : undefined,
    ...lengthValidators(t, def, label),
  ],
  toBody: textBody,
};
