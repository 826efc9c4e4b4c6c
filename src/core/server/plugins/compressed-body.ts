import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';

const ENCODINGS = ['br', 'gzip'] as const;
export type Encoding = (typeof ENCODINGS)[number];

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
/** Quality 5: a translation file (60 kB) in about a millisecond, four fifths smaller; 11 would take tens. */
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } };

/** The best encoding the client accepts (Accept-Encoding, with its q-values), or none. */
export function pickEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  return (negotiate(acceptEncoding ?? '', [...ENCODINGS]) as Encoding | null) ?? undefined;
}

// A few recent results by content version: the same bytes for every request
// until the content (and so its version) changes. Derived data only, so a
// replica without it just compresses again.
const recent = new Map<string, Buffer>();
const KEEP = 16;

/** `body` compressed with `encoding`, remembered under `version` (e.g. its ETag). */
export async function compressedBody(body: string, encoding: Encoding, version: string): Promise<Buffer> {
  const key = `${encoding} ${version}`;
  const hit = recent.get(key);
  if (hit) return hit;
  const out = encoding === 'br' ? await brotli(body, BROTLI) : await gzipAsync(body);
  recent.set(key, out);
  if (recent.size > KEEP) recent.delete(recent.keys().next().value as string);
  return out;
}
