// s3rver ships no types: the part the tests use.
declare module 's3rver' {
  import type { AddressInfo } from 'node:net';
  export default class S3rver {
    constructor(options: { port?: number; address?: string; silent?: boolean; directory: string; configureBuckets?: { name: string }[] });
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}

// Its filesystem store, which tests/api/s3.ts makes answer a PUT only once the object is written.
declare module 's3rver/lib/stores/filesystem.js' {
  export default class FilesystemStore {
    putObject(object: { bucket: string; key: string }): Promise<{ size: number; md5: string }>;
    getResourcePath(bucket: string, key: string, resource: 'object'): string;
  }
}
