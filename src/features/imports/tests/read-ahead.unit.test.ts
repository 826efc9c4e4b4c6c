import { describe, expect, test } from 'vitest';
import { readAhead } from '../server/read-ahead';

/** A source of `n` numbers that fails at `failAt` (if given) and records how far it was read and whether it was closed. */
function source(n: number, failAt?: number) {
  const seen = { read: 0, closed: false };
  async function* gen() {
    try {
      for (let i = 0; i < n; i++) {
        await new Promise((r) => setImmediate(r));
        if (i === failAt) throw new Error(`bad line ${i}`);
        seen.read = i + 1;
        yield i;
      }
    } finally {
      seen.closed = true;
    }
  }
  return { gen: gen(), seen };
}

describe('readAhead', () => {
  test('hands on every item in order, reading ahead while the caller works', async () => {
    const { gen, seen } = source(25);
    const got: number[] = [];
    const aheadWhileWorking: number[] = [];
    for await (const x of readAhead(gen, 10)) {
      got.push(x);
      if (x === 0) {
        // The caller is busy (a batch's statements): the next chunk is read meanwhile.
        for (let i = 0; i < 40; i++) await new Promise((r) => setImmediate(r));
        aheadWhileWorking.push(seen.read);
      }
    }
    expect(got).toEqual(Array.from({ length: 25 }, (_, i) => i));
    expect(aheadWhileWorking[0]).toBe(20);
    expect(seen.closed).toBe(true);
  });

  test('a failure reading is thrown where its item would have come, after the items before it', async () => {
    const { gen } = source(30, 17);
    const got: number[] = [];
    await expect(
      (async () => {
        for await (const x of readAhead(gen, 5)) got.push(x);
      })(),
    ).rejects.toThrow('bad line 17');
    expect(got).toEqual(Array.from({ length: 17 }, (_, i) => i));
  });

  test('a caller that stops early closes the source, with no unhandled failure from the read in hand', async () => {
    const { gen, seen } = source(100, 12);
    for await (const x of readAhead(gen, 10)) if (x === 3) break;
    expect(seen.closed).toBe(true);
    expect(seen.read).toBeLessThan(100);
  });
});
