import type { AdminFieldKind } from './kind';
import { TextCell } from './TextCell';
import { MultilineInput } from './TextInputOf';
import { textBody } from './values';

export const text: AdminFieldKind = {
  Input: MultilineInput,
  Cell: TextCell,
  toBody: textBody,
};
