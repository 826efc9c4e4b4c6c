import { parse, protocol, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';

/** Statements whose parameter types are remembered: longer ones (bulk inserts) are described each time. */
const MAX_REMEMBERED_TEXT = 4096;
const MAX_REMEMBERED = 500;
/** A statement that may change what a remembered statement's parameters are (after any leading comments). */
const SCHEMA_CHANGE = /^(?:\s|--[^\n]*\n|\/\*[^]*?\*\/)*(?:create|alter|drop|do)\b/i;

export type OneTripQuery = <T>(
  text: string,
  params: unknown[] | undefined,
  options: QueryOptions | undefined,
  inTransaction: boolean,
) => Promise<Results<T>>;

/** What PGlite's own `query` attaches to an error, so a failed statement reads the same. */
function withStatement(err: unknown, text: string, params: unknown[], options: QueryOptions | undefined): unknown {
  if (err instanceof Error && 'code' in err) Object.assign(err, { query: text, params, queryOptions: options });
  return err;
}

/**
 * PGlite's `query` in one trip into the database instead of six. PGlite
 * sends a statement's Parse, Describe, Bind, Describe, Execute and Sync as
 * six calls into its WebAssembly, each a full pass of PostgreSQL's protocol
 * loop: for a key lookup that is most of the cost (in a loop over 100,000
 * rows: 151 us a statement through `query`, 63 us through `exec`, which
 * makes two calls). Here they go as one message. PGlite's first call
 * (Describe) tells it the parameters' types, which pick how each value is
 * written; they are remembered per statement text, so a statement's first
 * run takes two trips and later runs one, and the values are written by
 * PGlite's own serializers as before. Results are read by PGlite's own
 * parser; errors, notices and notifications pass through PGlite's protocol
 * handling as before. Locks: outside a transaction the statement waits for
 * open transactions, as `query` does; inside one it runs in it.
 */
export function oneTripQuery(client: PGlite): OneTripQuery {
  const paramTypes = new Map<string, number[]>();

  async function typesOf(text: string, options: QueryOptions | undefined): Promise<number[]> {
    const known = paramTypes.get(text);
    if (known) return known;
    const described = await client.execProtocolStream(
      Buffer.concat([
        protocol.serialize.parse({ text, types: options?.paramTypes }),
        protocol.serialize.describe({ type: 'S' }),
        protocol.serialize.sync(),
      ]),
      { syncToFs: false, onNotice: options?.onNotice },
    );
    const types = parse.parseDescribeStatementResults(described);
    if (text.length <= MAX_REMEMBERED_TEXT && !options?.paramTypes) {
      if (paramTypes.size >= MAX_REMEMBERED) paramTypes.clear();
      paramTypes.set(text, types);
    }
    return types;
  }

  async function run<T>(text: string, params: unknown[], options: QueryOptions | undefined, inTransaction: boolean): Promise<Results<T>> {
    let messages;
    try {
      const types = params.length ? await typesOf(text, options) : [];
      const values = params.map((value, i) => {
        if (value === null || value === undefined) return null;
        const serialize = options?.serializers?.[types[i]] ?? client.serializers[types[i]];
        return serialize ? serialize(value) : String(value);
      });
      messages = await client.execProtocolStream(
        Buffer.concat([
          // The server infers the types again, as for PGlite's query: a remembered list gone stale (a schema changed
          // in a way not seen here) can then only pick how a value is written, never what the statement means.
          protocol.serialize.parse({ text, types: options?.paramTypes }),
          protocol.serialize.bind({ values }),
          protocol.serialize.describe({ type: 'P' }),
          protocol.serialize.execute({}),
          protocol.serialize.sync(),
        ]),
        { syncToFs: false, onNotice: options?.onNotice },
      );
    } catch (err) {
      throw withStatement(err, text, params, options);
    } finally {
      if (SCHEMA_CHANGE.test(text)) paramTypes.clear();
    }
    if (!inTransaction) await client.syncToFs();
    return parse.parseResults(messages, client.parsers, options)[0] as Results<T>;
  }

  return async <T>(text: string, params: unknown[] = [], options: QueryOptions | undefined, inTransaction: boolean) => {
    // A file attached to the statement (COPY ... '/dev/blob') is PGlite's own business.
    if (options?.blob) throw new Error('oneTripQuery: a statement with a blob goes through PGlite.query');
    await client._checkReady();
    const once = () => client._runExclusiveQuery(() => run<T>(text, params, options, inTransaction));
    return inTransaction ? once() : client._runExclusiveTransaction(once);
  };
}
