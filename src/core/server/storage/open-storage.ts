import path from 'node:path';
import type { Config } from '../config';
import type { FileStorage } from './file-storage';
import { localStorage } from './local-storage';
import { s3Storage } from './s3-storage';

/** S3 when S3_BUCKET is set, else the local disk under DATA_DIR/uploads. */
export async function openStorage(config: Config): Promise<FileStorage> {
  return config.s3 ? s3Storage(config.s3) : localStorage(path.join(config.dataDir, 'uploads'));
}
