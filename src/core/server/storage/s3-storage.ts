import type { Readable } from 'node:stream';
import type { S3Config } from '../config';
import { contentTypeOf, isStorageKey, type FileStorage } from './file-storage';

/** Each part of a streamed upload but the last (S3 asks at least 5 MiB). */
const PART_BYTES = 8 * 1024 * 1024;

type S3 = typeof import('@aws-sdk/client-s3');

/** Streams `body` into one object as a multipart upload, a part at a time: memory holds one part, whatever the size. */
async function multipartPut(
  s3: S3,
  client: InstanceType<S3['S3Client']>,
  target: { Bucket: string; Key: string; ContentType: string },
  body: Readable,
): Promise<void> {
  const { Bucket, Key } = target;
  const { UploadId } = await client.send(new s3.CreateMultipartUploadCommand(target));
  const parts: { ETag?: string; PartNumber: number }[] = [];
  const send = async (chunk: Buffer) => {
    const PartNumber = parts.length + 1;
    const res = await client.send(new s3.UploadPartCommand({ Bucket, Key, UploadId, PartNumber, Body: chunk }));
    parts.push({ ETag: res.ETag, PartNumber });
  };
  try {
    let pending: Buffer[] = [];
    let size = 0;
    for await (const chunk of body) {
      const b = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
      pending.push(b);
      size += b.length;
      if (size >= PART_BYTES) {
        await send(Buffer.concat(pending));
        pending = [];
        size = 0;
      }
    }
    // The last part may be small (or the only one, empty).
    if (size > 0 || !parts.length) await send(Buffer.concat(pending));
    await client.send(new s3.CompleteMultipartUploadCommand({ Bucket, Key, UploadId, MultipartUpload: { Parts: parts } }));
  } catch (err) {
    await client.send(new s3.AbortMultipartUploadCommand({ Bucket, Key, UploadId })).catch(() => undefined);
    throw err;
  }
}

function clientOptions(c: S3Config) {
  return {
    region: c.region,
    ...(c.endpoint ? { endpoint: c.endpoint } : {}),
    forcePathStyle: c.forcePathStyle,
    ...(c.accessKeyId && c.secretAccessKey ? { credentials: { accessKeyId: c.accessKeyId, secretAccessKey: c.secretAccessKey } } : {}),
  };
}

/**
 * Files in an S3 bucket (AWS, MinIO, ...): every replica reads and writes the
 * same ones. The AWS SDK (about 25 MB resident) is loaded here, so a server
 * that keeps its files on disk never holds it.
 */
export async function s3Storage(c: S3Config): Promise<FileStorage> {
  const s3 = await import('@aws-sdk/client-s3');
  const notFound = (err: unknown) =>
    err instanceof s3.S3ServiceException && (err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata.httpStatusCode === 404);
  const client = new s3.S3Client(clientOptions(c));
  const Bucket = c.bucket;
  const get = async (key: string) => {
    if (!isStorageKey(key)) return null;
    try {
      return await client.send(new s3.GetObjectCommand({ Bucket, Key: key }));
    } catch (err) {
      if (notFound(err)) return null;
      throw err;
    }
  };
  return {
    driver: 's3',
    check: async () => void (await client.send(new s3.HeadBucketCommand({ Bucket }))),
    urlPrefix: c.publicUrl ? `${c.publicUrl}/` : '/uploads/',
    async put(key, body, contentType) {
      if (!isStorageKey(key)) throw new Error(`Not a storage key: ${key}`);
      // Names are never reused: browsers and CDNs may keep a file forever.
      await client.send(
        new s3.PutObjectCommand({
          Bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
    },
    async putStream(key, body, contentType) {
      if (!isStorageKey(key)) throw new Error(`Not a storage key: ${key}`);
      await multipartPut(s3, client, { Bucket, Key: key, ContentType: contentType }, body);
    },
    async read(key) {
      const res = await get(key);
      if (!res?.Body) return null;
      return Buffer.from(await res.Body.transformToByteArray());
    },
    async open(key) {
      const res = await get(key);
      if (!res?.Body) return null;
      return {
        body: res.Body as Readable,
        contentType: contentTypeOf(key),
        length: res.ContentLength,
        etag: res.ETag,
      };
    },
    async remove(key) {
      if (!isStorageKey(key)) return;
      try {
        await client.send(new s3.DeleteObjectCommand({ Bucket, Key: key }));
      } catch (err) {
        if (!notFound(err)) throw err;
      }
    },
  };
}
