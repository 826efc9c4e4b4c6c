import { textApi, csvText, lengthChecks, stringSchema, type FieldKind } from '../kind';
import { EMAIL_PATTERN } from '../text-rules';

export { EMAIL_PATTERN };

/** An e-mail address, stored lower-cased and trimmed. */
export const email: FieldKind = {
  writable: true,
  compare: 'text',
  bodySchema: (def) => stringSchema(def, { format: 'email' }),
  apiSchema: (def) => textApi(def),
  search: 'text',
  emptyValue: () => null,
  choiceDetail: true,
  csv: csvText,
  checks: (def) => [
    (v) => (typeof v === 'string' && v.trim() !== '' && !EMAIL_PATTERN.test(v.trim()) ? { key: 'app.validation.email' } : undefined),
    ...lengthChecks(def),
  ],
};
