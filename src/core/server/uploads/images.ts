import type { Metadata } from 'sharp';
import { loadSharp } from './sharp';
import { badRequest } from '../http/http-error';
import type { FileStorage } from '../storage/file-storage';

// The only form of path storeImage issues, and so all an image field may hold
// (the image field kind's body schema checks it).
export { ISSUED_IMAGE_PATTERN } from '../../field-kinds/image/shared';

/** Formats accepted as upload input, recognised by their content. */
const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'gif']);

function looksLikeImage(buf: Buffer): boolean {
  const hex = buf.subarray(0, 12).toString('hex');
  return (
    hex.startsWith('ffd8ff') || // JPEG
    hex.startsWith('89504e470d0a1a0a') || // PNG
    hex.startsWith('47494638') || // GIF
    (hex.startsWith('52494646') && buf.subarray(8, 12).toString('latin1') === 'WEBP')
  );
}

/**
 * Checks an upload by its bytes, re-encodes it (dropping metadata and
 * anything hidden after the image data) and stores it under a generated
 * name. Returns the URL path the server serves it at.
 */
export async function storeImage(data: Buffer, storage: FileStorage, opts: { maxSide?: number } = {}): Promise<string> {
  if (!looksLikeImage(data)) throw badRequest('Only JPEG, PNG, WebP or GIF images can be uploaded.');
  const sharp = await loadSharp();
  let meta: Metadata;
  try {
    meta = await sharp(data).metadata();
  } catch {
    throw badRequest('The file is not a readable image.');
  }
  if (!meta.format || !ACCEPTED.has(meta.format)) throw badRequest('Only JPEG, PNG, WebP or GIF images can be uploaded.');
  const max = opts.maxSide ?? 2048;
  const out = await sharp(data)
    .rotate()
    .resize({ width: max, height: max, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 85 })
    .toBuffer();
  const name = `${crypto.randomUUID()}.webp`;
  await storage.put(name, out, 'image/webp');
  // The path is what an image field holds (ISSUED_IMAGE_PATTERN), whatever the driver.
  return `/uploads/${name}`;
}
