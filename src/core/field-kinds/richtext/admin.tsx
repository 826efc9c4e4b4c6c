import type { AdminFieldKind } from '../admin/kind';
import { TextCell } from '../admin/TextCell';
import { MultilineInput } from '../admin/TextInputOf';
import { textBody } from '../admin/values';

/** Generated forms edit the HTML as text; the experience editor has the rich-text editor. */
export const richtext: AdminFieldKind = {
  Input: MultilineInput,
  Cell: TextCell,
  toBody: textBody,
};
