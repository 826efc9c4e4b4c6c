/** The server's rule (server/routes.ts): 2-3 letters, optional region, never a path. */
const LANG_RE = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/;

/**
 * Normalises what a person types at the 'Add New Language' prompt ('IT',
 * ' pt_BR ') and returns the code, or null when it cannot be a language code.
 */
export function normalizeLanguageCode(input: string): string | null {
  const [base = '', ...rest] = input.trim().replace(/_/g, '-').split('-');
  const code = [base.toLowerCase(), ...rest].join('-');
  return LANG_RE.test(code) ? code : null;
}
