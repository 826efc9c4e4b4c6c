/**
 * The items of `source`, in order, with up to `size` more read while the
 * caller works on those it has: a run parses the file's next rows (csv-parse
 * hands on 16 at a time otherwise) while its batch's statements are in the
 * database, instead of after. A failure reading is thrown where that item
 * would have come.
 */
export async function* readAhead<T>(source: AsyncIterable<T>, size: number): AsyncGenerator<T> {
  const it = source[Symbol.asyncIterator]();
  // A chunk, and the failure that ended it early: the items read before a failure are still handed on.
  const take = async (): Promise<{ chunk: T[]; failure?: { error: unknown } }> => {
    const chunk: T[] = [];
    try {
      while (chunk.length < size) {
        const next = await it.next();
        if (next.done) break;
        chunk.push(next.value);
      }
    } catch (error) {
      return { chunk, failure: { error } };
    }
    return { chunk };
  };
  let next = take();
  try {
    for (;;) {
      const { chunk, failure } = await next;
      if (!chunk.length && !failure) return;
      if (!failure) next = take();
      yield* chunk;
      if (failure) throw failure.error;
    }
  } finally {
    // The caller stopped early (or the source ended): let the read in hand end, then close the source.
    await next;
    await it.return?.();
  }
}
