import type { AdminFieldKind } from './kind';
import { TextCell } from './TextCell';
import { MultilineInput } from './TextInputOf';
import { textBody } from './values';

/** Generated forms edit the HTML as text; the experience editor has the rich-text editor. */
export const richtext: AdminFieldKind = {
  Input: MultilineInput,
  Cell: TextCell,
  toBody: textBody,
};
