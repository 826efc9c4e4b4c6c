/**
 * Why a role's access rules are refused, by key: the API answers the English
 * text, and the back office shows `app.access.problems.<key>` of the user's
 * language with the same values (the shipped English file holds these very
 * texts; a unit test keeps them equal). `{{name}}` marks a value.
 */
export const RULE_PROBLEMS = {
  body: 'The body is {"resources": {...}}.',
  body_key: 'Unknown key "{{key}}"; the body is {"resources": {...}}.',
  resources: '"resources" is an object of rules by resource name.',
  no_resource: 'There is no resource named "{{name}}".',
  projection: '"{{name}}" shows records of "{{source}}", whose rules apply to it: set them there.',
  own_routes: '"{{name}}" is served by routes of its own, which its route permissions govern: it takes no field or record rules.',
  rule: 'A rule is an object with "read", "write", "where" and "writeWhere", each optional.',
  rule_part: 'Unknown part "{{key}}"; use {{parts}}.',
  field_list: '"{{what}}" is a list of field names.',
  not_readable: '"{{field}}" is not a field of {{resource}} one can read.',
  not_writable: '"{{field}}" is not a field of {{resource}} one can write.',
  forbidden_key: '"{{key}}" is not allowed as a key.',
  depth: 'Conditions nest at most {{max}} deep.',
  condition: 'A condition is an object of fields (and "and" / "or" lists).',
  condition_empty: 'A condition names at least one field, "and" or "or".',
  condition_list: '"{{key}}" takes a non-empty list of conditions.',
  unknown_field: '"{{field}}" is not a field of {{resource}} that conditions can test.',
  test: 'A field test is an object of operators, such as {"eq": true}.',
  test_empty: 'A field test names at least one operator.',
  unknown_operator: 'Unknown operator "{{op}}"; use one of {{operators}}.',
  null_value: '"null" takes true (no value) or false (any value).',
  list: '"{{op}}" takes a list of values.',
  list_or_roles: '"{{op}}" takes a list of values or "{{myRoles}}".',
  list_max: '"{{op}}" lists at most {{max}} values.',
  ordered: '"{{op}}" compares numbers and dates only.',
  want_number: 'The value must be a number.',
  want_boolean: 'The value must be true or false.',
  want_date: 'The value must be a date (YYYY-MM-DD or an ISO timestamp).',
  want_id: 'The value must be a record id or "{{me}}".',
  want_option: 'The value must be one of {{options}}.',
  want_text: 'The value must be a text.',
} as const;

export type RuleProblemKey = keyof typeof RULE_PROBLEMS;
export type ProblemValues = Readonly<Record<string, string | number>>;

/** A problem's English text with its values in place. */
export const ruleProblemText = (key: RuleProblemKey, values: ProblemValues = {}): string =>
  RULE_PROBLEMS[key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => (Object.hasOwn(values, name) ? String(values[name]) : ''));
