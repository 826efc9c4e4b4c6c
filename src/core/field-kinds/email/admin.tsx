import { EmailField } from 'react-admin';
import type { AdminFieldKind, CellProps, InputProps } from '../admin/kind';
import { TextInputOf } from '../admin/TextInputOf';
import { textBody } from '../admin/values';

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
  toBody: textBody,
};
