import type { PGlite } from '@electric-sql/pglite';

/** A raw row: values keyed by column name, each parsed by the client's parser for its type, as PGlite's `query` gives them. */
export type RawRow = Record<string, unknown>;

const BIND_COMPLETE = 0x32; // '2'
const ROW_DESCRIPTION = 0x54; // 'T'
const DATA_ROW = 0x44; // 'D'
const COMMAND_COMPLETE = 0x43; // 'C'
const READY_FOR_QUERY = 0x5a; // 'Z'

interface Column {
  name: string;
  parse: (text: string) => unknown;
}

/**
 * The rows of the answer to Bind, Describe, Execute and Sync, or undefined
 * when it holds anything else (an error, a notice) or is not whole: the
 * caller then asks again through PGlite's own path, which reports those as
 * it always does. Notifications never come here: PGlite delivers a NOTIFY in
 * the answer to the exchange that committed it, never in a later one, and
 * the statements read this way are SELECTs (pglitePrepared).
 */
function rowsOfAnswer(answer: Uint8Array, parsers: PGlite['parsers']): RawRow[] | undefined {
  const buf = Buffer.from(answer.buffer, answer.byteOffset, answer.byteLength);
  const rows: RawRow[] = [];
  let columns: Column[] | undefined;
  let at = 0;
  while (at < buf.length) {
    // Only a whole answer ending with ReadyForQuery is read: anything cut short is asked again.
    if (at + 5 > buf.length) return undefined;
    const type = buf[at];
    const end = at + 1 + buf.readInt32BE(at + 1);
    if (end > buf.length || end < at + 5) return undefined;
    if (type === READY_FOR_QUERY) return end === buf.length ? rows : undefined;
    let p = at + 5;
    if (type === ROW_DESCRIPTION) {
      const count = buf.readInt16BE(p);
      p += 2;
      columns = [];
      for (let i = 0; i < count; i++) {
        const nul = buf.indexOf(0, p);
        const name = buf.toString('utf8', p, nul);
        const oid = buf.readInt32BE(nul + 7);
        const parser = parsers[oid];
        columns.push({ name, parse: parser ? (text) => parser(text, oid) : (text) => text });
        p = nul + 19;
      }
    } else if (type === DATA_ROW) {
      const count = buf.readInt16BE(p);
      if (!columns || count !== columns.length) return undefined;
      p += 2;
      const row: RawRow = {};
      for (let i = 0; i < count; i++) {
        const len = buf.readInt32BE(p);
        p += 4;
        if (len < 0) row[columns[i].name] = null;
        else {
          row[columns[i].name] = columns[i].parse(buf.toString('utf8', p, p + len));
          p += len;
        }
      }
      rows.push(row);
    } else if (type !== BIND_COMPLETE && type !== COMMAND_COMPLETE) {
      return undefined;
    }
    at = end;
  }
  return undefined;
}

/** Describe the portal, Execute it (all rows), Sync: the same after every Bind. */
const DESCRIBE_EXECUTE_SYNC = Buffer.from([
  ...[0x44, 0, 0, 0, 6, 0x50, 0], // Describe, length 6, 'P', portal ''
  ...[0x45, 0, 0, 0, 9, 0, 0, 0, 0, 0], // Execute, length 9, portal '', no row limit
  ...[0x53, 0, 0, 0, 4], // Sync
]);

/** Bind of the unnamed portal to statement `name`, every value and result as text. */
function bindMessage(name: string, args: readonly string[]): Buffer {
  const values = args.map((a) => Buffer.from(a, 'utf8'));
  const nameBytes = Buffer.from(name, 'utf8');
  const length = 4 + 1 + nameBytes.length + 1 + 2 + 2 + values.reduce((n, v) => n + 4 + v.length, 0) + 2;
  const out = Buffer.alloc(1 + length);
  let p = out.writeUInt8(0x42, 0); // 'B'
  p = out.writeInt32BE(length, p);
  p += 1; // portal '' (its terminating zero)
  p += nameBytes.copy(out, p) + 1;
  p = out.writeInt16BE(0, p); // no parameter format codes: all text
  p = out.writeInt16BE(values.length, p);
  for (const v of values) {
    p = out.writeInt32BE(v.length, p);
    p += v.copy(out, p);
  }
  out.writeInt16BE(0, p); // no result format codes: all text
  return out;
}

/**
 * Runs the statement PREPAREd as `name` with text `args`, outside any
 * transaction, and reads its answer here instead of through PGlite's
 * protocol parser, which copies every value into an ArrayBuffer of its own
 * before decoding it: for a page of 25 users that parser took a fifth of the
 * server's time. The answer never reaches that parser, so it must not hold
 * a notification (rowsOfAnswer). Locks as PGlite's own `query` does: it
 * waits for open transactions and other statements. Undefined when the
 * answer is not plain rows (see rowsOfAnswer).
 */
export async function pgliteRawRows(client: PGlite, name: string, args: readonly string[]): Promise<RawRow[] | undefined> {
  await client._checkReady();
  const message = Buffer.concat([bindMessage(name, args), DESCRIBE_EXECUTE_SYNC]);
  const chunks: Buffer[] = [];
  // PGlite hands each chunk as a view of its WebAssembly memory, valid only during the call: copied. A read
  // changes nothing on disk: nothing to sync after it.
  const onRawData = (chunk: Uint8Array) => void chunks.push(Buffer.from(chunk));
  await client._runExclusiveTransaction(() =>
    client._runExclusiveQuery(() => client.execProtocolRawStream(message, { syncToFs: false, onRawData })),
  );
  return rowsOfAnswer(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks), client.parsers);
}
