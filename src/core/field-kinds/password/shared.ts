import { Type } from '../../shared/api/schema';
import { stringSchema, type FieldKind } from '../kind';
import { PASSWORD_MIN } from '../text-rules';

export { PASSWORD_MIN };

/** Write-only: the server keeps an argon2id hash; a blank value leaves it unchanged. */
export const password: FieldKind = {
  writable: true,
  bodySchema: (def) => stringSchema(def),
  // Write-only: whatever a record holds, an answer carries no value.
  apiSchema: () => Type.Null(),
  emptyValue: () => null,
  blankKeepsValue: true,
  secret: true,
  // Never exported.
  csv: () => '',
  checks: (def) => {
    const min = def.minLength ?? PASSWORD_MIN;
    return [
      (v) => (typeof v === 'string' && v !== '' && v.length < min ? { key: 'app.validation.password_min', args: { min } } : undefined),
    ];
  },
};
