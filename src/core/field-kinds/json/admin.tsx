import type { AdminFieldKind } from '../admin/kind';
import { TextCell } from '../admin/TextCell';
import { TextInputOf } from '../admin/TextInputOf';
import { textBody } from '../admin/values';

export const json: AdminFieldKind = {
  Input: TextInputOf,
  Cell: TextCell,
  toBody: textBody,
};
