import { createHash, randomUUID } from 'node:crypto';
import { pipeline, Transform, type Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { FileStorage } from '../../../core/server/storage/file-storage';
import { readFile, type FileShape } from './parse';
import { FileProblem } from './problems';

/** A file stored for an import, read through once: its shape, columns and rows counted. */
export interface StoredFile {
  key: string;
  name: string | null;
  hash: string;
  bytes: number;
  shape: FileShape;
  columns: string[];
  rows: number;
}

/** The limit in megabytes, as people read it (0.25, 200). */
const megabytes = (bytes: number) => Number((bytes / (1024 * 1024)).toFixed(2));

/** Passes bytes on while hashing and counting them; past `max` it fails (413). */
function hasher(max: number) {
  const hash = createHash('sha256');
  let bytes = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _enc, done) {
      bytes += chunk.length;
      if (bytes > max) return done(new FileProblem('too_large', { limit: megabytes(max) }, 413));
      hash.update(chunk);
      done(null, chunk);
    },
  });
  // The first error ends the upload (pipeline reports it); a later one (the parser's own limit) has nothing left to say.
  stream.on('error', () => undefined);
  return { stream, digest: () => hash.digest('hex'), bytes: () => bytes };
}

/**
 * The request's file streamed to the object storage (never whole in memory),
 * hashed and counted on the way, then read back once to check it is CSV or
 * JSON throughout (encoding, column counts, line lengths) and to find its
 * columns. A file that fails is removed and the problem thrown.
 */
export async function storeUpload(req: FastifyRequest, storage: FileStorage, max: number): Promise<StoredFile> {
  if (!req.isMultipart()) throw new FileProblem('no_file');
  let part;
  try {
    part = await req.file({ limits: { fileSize: max + 1, files: 1, fields: 5 } });
  } catch {
    throw new FileProblem('no_file');
  }
  if (!part || part.fieldname !== 'file') {
    part?.file.resume();
    throw new FileProblem('no_file');
  }
  const name = part.filename ? part.filename.slice(0, 255) : null;
  const json = /\.(json|jsonl|ndjson)$/i.test(name ?? '');
  const key = `private/imports/${randomUUID()}.${json ? 'json' : 'csv'}`;
  const h = hasher(max);
  const source: Readable = part.file;
  source.on('limit', () => h.stream.destroy(new FileProblem('too_large', { limit: megabytes(max) }, 413)));
  // Whether the request's body failed first (the multipart parser's error: a
  // body cut short), not the storage: pipeline fails the file's stream too
  // when the storage fails, but only after the stream the storage reads.
  let bodyFailed = Boolean(source.errored);
  source.once('error', () => {
    if (!h.stream.destroyed) bodyFailed = true;
  });
  // pipeline, not pipe: a body cut short before its closing boundary has
  // often failed the file's stream before this line (a small request is
  // parsed whole at once), and a pipe from it would wait for ever.
  const body = pipeline(source, h.stream, () => undefined);
  try {
    await storage.putStream(key, body, json ? 'application/json' : 'text/csv');
  } catch (err) {
    // A storage that failed before reading it all leaves the request's body waiting: it is let go.
    body.destroy();
    source.resume();
    await storage.remove(key).catch(() => undefined);
    if (err instanceof FileProblem) throw err;
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new FileProblem('too_large', { limit: megabytes(max) }, 413);
    if (bodyFailed) throw new FileProblem('cut_short');
    throw err;
  }
  const opened = await storage.open(key);
  try {
    if (!opened) throw new FileProblem('unreadable', { reason: 'not stored' });
    const file = await readFile(opened.body);
    let rows = 0;
    for await (const row of file.rows) if (row) rows += 1;
    const columns = file.columns();
    if (!rows || !columns.length) throw new FileProblem('empty');
    return { key, name, hash: h.digest(), bytes: h.bytes(), shape: file.shape, columns, rows };
  } catch (err) {
    opened?.body.destroy();
    await storage.remove(key).catch(() => undefined);
    throw err;
  }
}
