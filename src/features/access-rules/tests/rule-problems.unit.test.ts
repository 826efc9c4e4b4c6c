import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { RULE_PROBLEMS, ruleProblemText } from '../../../core/shared/access-rule-problems';
import { problemOf } from '../../../core/shared/access-rules';
import { users } from '../../users/resource';

const shipped = (lng: string) =>
  JSON.parse(readFileSync(new URL(`../../../../public/locales/${lng}/translations.json`, import.meta.url), 'utf8')).app.access as {
    problems: Record<string, string>;
    not_json: string;
  };
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('why a rule is refused, in English and Greek', () => {
  test('the shipped English texts are the API’s own', () => {
    expect(shipped('en').problems).toEqual(RULE_PROBLEMS);
  });

  test('every problem has a Greek text naming the same values', () => {
    const el = shipped('el').problems;
    expect(Object.keys(el).sort()).toEqual(Object.keys(RULE_PROBLEMS).sort());
    for (const [key, text] of Object.entries(RULE_PROBLEMS)) {
      expect(placeholders(el[key]), key).toEqual(placeholders(text));
      expect(el[key], key).not.toBe(text);
    }
    expect(placeholders(shipped('el').not_json)).toEqual(['detail']);
  });

  test('a refusal carries its key and values, and its message is the English text with them', () => {
    const find = (name: string) => (name === 'users' ? users : undefined);
    const p = problemOf({ resources: { users: { where: { confirmed: { between: [1, 2] } } } } }, find);
    expect(p).toMatchObject({ path: 'resources.users.where.confirmed.between', key: 'unknown_operator' });
    expect(p?.values.op).toBe('between');
    expect(p?.message).toBe(ruleProblemText('unknown_operator', p?.values));
    expect(p?.message).toMatch(/^Unknown operator "between"; use one of eq, ne, in/);
    const field = problemOf({ resources: { users: { read: ['password'] } } }, find);
    expect(field).toMatchObject({ key: 'not_readable', message: '"password" is not a field of users one can read.' });
  });
});
