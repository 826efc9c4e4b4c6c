import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// A limit, a pattern or a piece of arithmetic the product applies in many
// places is written once and imported: when it changes, it changes
// everywhere. Each rule here names the one file allowed to spell it out.
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    // Tests assert the rules' messages and limits as a client sees them; they are not where a rule lives.
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}
const files = [...sources('src'), ...sources('resources')].map((file) => ({ file, text: readFileSync(file, 'utf8') }));

const RULES: { rule: string; spelled: RegExp; home: string }[] = [
  { rule: 'the e-mail pattern', spelled: /\[\^\\s@\]\+@/, home: 'src/core/field-kinds/text-rules.ts' },
  {
    rule: "a password's least length",
    spelled: /\b(PASSWORD_MIN = |minLength: |length < )6\b|at least 6 characters/,
    home: 'src/core/field-kinds/text-rules.ts',
  },
  { rule: 'the rows a page skips', spelled: /\(\w*\.?page - 1\) \* limit/, home: 'src/core/shared/api/paging.ts' },
  { rule: 'the pages a total fills', spelled: /Math\.ceil\([\w.]+ \/ (limit|size)\)/, home: 'src/core/shared/api/paging.ts' },
  { rule: 'a transaction typed as the database', spelled: /trx as unknown as Db/, home: 'src/core/server/db/transaction.ts' },
];

describe('one rule, one place', () => {
  for (const { rule, spelled, home } of RULES) {
    it(`${rule} is spelled out only in ${home}`, () => {
      const where = files.filter((f) => spelled.test(f.text)).map((f) => f.file);
      expect(where).toEqual([home]);
    });
  }
});
