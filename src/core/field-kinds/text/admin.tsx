import type { AdminFieldKind } from '../admin/kind';
import { TextCell } from '../admin/TextCell';
import { MultilineInput } from '../admin/TextInputOf';
import { textBody } from '../admin/values';

export const text: AdminFieldKind = {
  Input: MultilineInput,
  Cell: TextCell,
  toBody: textBody,
};
