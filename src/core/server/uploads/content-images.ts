import { loadSharp } from './sharp';
import { badRequest, HttpError } from '../http/http-error';
import type { FileStorage } from '../storage/file-storage';

export interface StoredImage {
  path: string;
  thumb: string;
}

const DATA_URL = /^data:([a-z]+\/[a-z0-9.+-]+)?(;[a-z0-9=-]+)*;base64,/i;

/** Only JPEG and PNG, recognised by their first bytes, not by a name or a MIME type. */
function kindOf(buf: Buffer): 'jpeg' | 'png' | null {
  if (buf.length > 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpeg';
  if (buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  return null;
}

export function decodeDataUrl(data: string, label: string, maxBytes: number): { buf: Buffer; kind: 'jpeg' | 'png' } {
  const m = DATA_URL.exec(data);
  const extensionError = badRequest(`Invalid file extension for ${label}`);
  if (!m) throw extensionError;
  // base64 is 4/3 of the bytes: refuse before decoding anything huge.
  if (((data.length - m[0].length) * 3) / 4 > maxBytes + 3)
    throw new HttpError(413, `${label} is larger than ${Math.round(maxBytes / 1048576)} MB.`);
  const buf = Buffer.from(data.slice(m[0].length), 'base64');
  if (buf.length > maxBytes) throw new HttpError(413, `${label} is larger than ${Math.round(maxBytes / 1048576)} MB.`);
  const kind = kindOf(buf);
  if (!kind) throw extensionError;
  return { buf, kind };
}

/**
 * Re-encodes (metadata stripped, orientation applied) and stores the image
 * and a thumbnail under generated names in the folder `sub`. Returns their
 * storage keys.
 */
export async function storeContentImage(
  input: Buffer,
  kind: 'jpeg' | 'png',
  storage: FileStorage,
  sub: string,
  label: string,
): Promise<StoredImage> {
  const id = crypto.randomUUID();
  const ext = kind === 'jpeg' ? 'jpg' : 'png';
  const sharp = await loadSharp();
  let full: Buffer;
  let thumb: Buffer;
  try {
    const base = sharp(input, { limitInputPixels: 100_000_000 }).rotate();
    full = await (
      kind === 'jpeg' ? base.clone().jpeg({ quality: 88, mozjpeg: true }) : base.clone().png({ compressionLevel: 9 })
    ).toBuffer();
    thumb = await base.clone().resize({ width: 320, height: 320, fit: 'cover' }).webp({ quality: 75 }).toBuffer();
  } catch {
    throw badRequest(`${label} is not a readable image.`);
  }
  const stored = { path: `${sub}/${id}.${ext}`, thumb: `${sub}/${id}-thumb.webp` };
  await storage.put(stored.path, full, kind === 'jpeg' ? 'image/jpeg' : 'image/png');
  await storage.put(stored.thumb, thumb, 'image/webp');
  return stored;
}

/** Rotates a stored image by 90 degrees into new files (a new URL, so no cache shows the old one). */
export async function rotateContentImage(storage: FileStorage, current: StoredImage, sub: string): Promise<StoredImage> {
  const src = await storage.read(current.path);
  if (!src) throw badRequest('Failed to rotate image.');
  const kind = current.path.endsWith('.png') ? 'png' : 'jpeg';
  const rotated = await (await loadSharp())(src).rotate(90).toBuffer();
  return storeContentImage(rotated, kind, storage, sub, 'image');
}

export async function removeStoredImages(storage: FileStorage, images: StoredImage[]): Promise<void> {
  for (const img of images) for (const key of [img.path, img.thumb]) await storage.remove(key);
}
