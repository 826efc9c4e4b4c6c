import { mkdtempSync, rmSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import FilesystemStore from 's3rver/lib/stores/filesystem.js';

/**
 * S3 reads its own writes: a GET right after a PUT's answer returns the whole object. s3rver answers a PUT when it
 * has read the body, before its file is written (its store resolves on the read side's end, not the file's), so a
 * GET on a busy machine could read an empty file. Its store now answers once the file holds the object: this
 * write's size, written since the PUT began (an older object under the key may be as large), or fails the PUT.
 */
const put = FilesystemStore.prototype.putObject;
FilesystemStore.prototype.putObject = async function (this: FilesystemStore, object: { bucket: string; key: string }) {
  // File times come from a coarse clock, a few milliseconds behind Date.now().
  const began = Date.now() - 50;
  const written = await put.call(this, object);
  const file = this.getResourcePath(object.bucket, object.key, 'object');
  const holdsIt = async () => {
    const now = await stat(file).catch(() => null); // not there yet: the write stream opens it a moment later
    return now !== null && now.size === written.size && now.mtimeMs >= began;
  };
  for (let waited = 0; !(await holdsIt()); waited += 5) {
    if (waited >= 5000) throw new Error(`s3rver did not write ${object.key} within 5 s`);
    await sleep(5);
  }
  return written;
};

/** The storage drivers the upload and experience suites run on. */
export const STORAGE_DRIVERS = ['local', 's3'] as const;
export type StorageDriver = (typeof STORAGE_DRIVERS)[number];

export interface S3Server {
  endpoint: string;
  bucket: string;
  /** The server's environment for this bucket (path style, s3rver's fixed credentials). */
  env: Record<string, string>;
  /** Keys in the bucket, sorted. */
  keys(): Promise<string[]>;
  close(): Promise<void>;
}

/** A real S3-protocol server (s3rver) on a free port with one empty bucket, files in a temporary folder. */
export async function startS3(bucket = 'uploads-test'): Promise<S3Server> {
  const directory = mkdtempSync(path.join(tmpdir(), 'bo-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  const client = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials });
  return {
    endpoint,
    bucket,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: '1',
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    },
    async keys() {
      const res = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (res.Contents ?? []).map((o) => String(o.Key)).sort();
    },
    async close() {
      client.destroy();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
