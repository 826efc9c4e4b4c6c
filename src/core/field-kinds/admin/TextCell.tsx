import { TextField } from 'react-admin';
import type { CellProps } from './kind';

/** The value as plain text. */
export function TextCell({ source, label, sortable }: CellProps) {
  return <TextField source={source} label={label} sortable={sortable} />;
}
