import type { Readable } from 'node:stream';

/** A stored file opened for streaming to a client. */
export interface OpenedFile {
  body: Readable;
  contentType: string;
  length?: number;
  etag?: string;
}

/**
 * Where uploaded files live: the local disk (`DATA_DIR/uploads`, one
 * process) or an S3 bucket (every replica sees the same files). Keys are
 * paths relative to the uploads root, always issued by the server
 * (`{uuid}.webp`, `experiences/{uuid}.jpg`).
 */
export interface FileStorage {
  readonly driver: 'local' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /**
   * Stores a file as it streams in, never whole in memory (an import's file):
   * the file is there once it resolves; a stream that fails leaves nothing.
   */
  putStream(key: string, body: Readable, contentType: string): Promise<void>;
  /** The whole file, or null when there is none. */
  read(key: string): Promise<Buffer | null>;
  /** Opens a file to stream it under /uploads/; null when there is none. */
  open(key: string): Promise<OpenedFile | null>;
  /** Removes a file; a missing one is not an error. */
  remove(key: string): Promise<void>;
  /** Resolves when the storage can be used (GET /api/ready); local storage has nothing to check. */
  check?(): Promise<void>;
  /** Where browsers load files from: `/uploads/`, or S3_PUBLIC_URL with a trailing slash. */
  readonly urlPrefix: string;
}

/** The only keys a stored file may have: generated names in lower-case folders, nothing that climbs out. */
const KEY = /^(?:[a-z0-9_-]+\/)*[A-Za-z0-9_-]+\.(?:webp|jpg|png)$/;
/** Files only the server reads (an import's CSV or JSON): never served under /uploads/. */
const PRIVATE_KEY = /^private\/[a-z0-9_-]+\/[A-Za-z0-9_-]+\.(?:csv|json)$/;

export function isStorageKey(key: string): boolean {
  return KEY.test(key) || PRIVATE_KEY.test(key);
}

/** Whether a key may be served to browsers: not a private file. */
export function isPublicKey(key: string): boolean {
  return KEY.test(key);
}

const TYPES: Record<string, string> = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  png: 'image/png',
  csv: 'text/csv',
  json: 'application/json',
};

export function contentTypeOf(key: string): string {
  return TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
}

/** A stored file's browser URL. */
export function fileUrl(storage: Pick<FileStorage, 'urlPrefix'>, key: string): string {
  return storage.urlPrefix + key;
}
