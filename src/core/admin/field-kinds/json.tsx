import type { AdminFieldKind } from './kind';
import { TextCell } from './TextCell';
import { TextInputOf } from './TextInputOf';
import { textBody } from './values';

export const json: AdminFieldKind = {
  Input: TextInputOf,
  Cell: TextCell,
  toBody: textBody,
};
