import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { bearer, startHarness, type Harness } from '../../../../tests/api/harness';
import { answerWithin } from '../../../../tests/api/helpers';

// Import files are whatever their authors make them: generated CSV and JSON
// built from the characters and words that trip readers (quotes, separators,
// every line break, a BOM, NUL, formula signs, prototype
// keys), uploaded to several resources, each must get an answer under 500.
// A fixed seed; IMPORT_FUZZ_SEED and IMPORT_FUZZ_RUNS change it.

const SEED = Number(process.env.IMPORT_FUZZ_SEED ?? 20261201);
const RUNS = Number(process.env.IMPORT_FUZZ_RUNS ?? 600);
/** Past this, an upload counts as one the server never answers. */
const NO_ANSWER_MS = 5000;

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ IMPORT_MAX_BYTES: String(64 * 1024) });
});
afterAll(async () => h?.close());

/** A multipart body as a browser sends it: the file in the field "file". */
async function multipart(name: string, text: string) {
  const form = new FormData();
  form.append('file', new Blob([text], { type: 'text/plain' }), name);
  const req = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await req.arrayBuffer()), contentType: req.headers.get('content-type')! };
}

const piece = fc.oneof(
  fc.constantFrom('"', '""', ',', ';', '\n', '\r\n', '\r', '\uFEFF', '{', '}', '[', ']', ':', '\\', '\u0000', ' ', '\t'),
  fc.constantFrom('name', 'email', '"name"', 'Ελένη', 'é', '=1+1', '@', 'null', 'true', '1e999', '__proto__', 'constructor'),
  fc.string({ maxLength: 8 }),
);
const file = fc.tuple(
  fc.array(piece, { maxLength: 60 }).map((xs) => xs.join('')),
  fc.constantFrom('people.csv', 'people.json', 'people.jsonl', 'people.txt'),
  fc.constantFrom('users', 'roles', 'experiences', 'translations', 'user-roles'),
);

describe('generated import files', () => {
  test(`${RUNS} uploads (seed ${SEED}): each answered, none with a 5xx`, async () => {
    const failures: string[] = [];
    const statuses: Record<number, number> = {};
    for (const [text, name, resource] of fc.sample(file, { seed: SEED, numRuns: RUNS })) {
      const { payload, contentType } = await multipart(name, text);
      const res = await answerWithin(
        h.app.inject({
          method: 'POST',
          url: `/api/auth/${resource}/imports?confirm=true`,
          headers: { 'content-type': contentType, ...bearer(h.adminToken) },
          payload,
        }),
        NO_ANSWER_MS,
      );
      const what = `${resource} ${name} ${JSON.stringify(text).slice(0, 200)}`;
      if (!res) {
        failures.push(`no answer in ${NO_ANSWER_MS / 1000} s: ${what}`);
        break;
      }
      statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
      if (res.statusCode >= 500) failures.push(`${res.statusCode} ${what} -> ${res.body.slice(0, 200)}`);
    }
    expect(failures, `rerun with IMPORT_FUZZ_SEED=${SEED}:\n${failures.slice(0, 10).join('\n')}`).toEqual([]);
    // Both kinds of answer came up: files taken (201) and files refused (400).
    expect(statuses[201]).toBeGreaterThan(0);
    expect(statuses[400]).toBeGreaterThan(0);
  });
});
