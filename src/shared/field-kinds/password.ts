import { stringSchema, type FieldKind } from './kind';

/** SPEC 9: minimum password length. */
export const PASSWORD_MIN = 6;

/** Write-only: the server keeps an argon2id hash; a blank value leaves it unchanged. */
export const password: FieldKind = {
  writable: true,
  bodySchema: (def) => stringSchema(def),
  emptyValue: () => null,
  blankKeepsValue: true,
  // Never exported.
  csv: () => '',
};
