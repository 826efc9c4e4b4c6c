import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FieldDef } from '../../shared/resource';
import type { ImageEntry } from '../../field-kinds/images/shared';
import type { Db } from '../db/client';
import type { AnyTable } from '../db/any-table';
import { badRequest } from '../http/http-error';
import { decodeDataUrl, removeStoredImages, storeContentImage, type StoredImage } from '../uploads/content-images';
import { fileUrl, type FileStorage } from '../storage/file-storage';
import type { FileUrls } from '../../field-kinds/server/kind';

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

interface PlannedImage {
  id?: string;
  operation: ImageEntry['operation'];
  stored?: StoredImage;
}

export interface ImagePlan {
  items: PlannedImage[];
  /** Files written for this request: removed again if the write fails. */
  written: StoredImage[];
}

/** A picture as a version keeps it: its row id and storage keys. */
export interface VersionImage {
  id: string;
  path: string;
  thumb: string;
}

/**
 * A version's pictures to bring back (a restore). Only the server makes one:
 * a request body is JSON and can never hold it, so no client names stored
 * files this way.
 */
export class RestoredImages {
  constructor(readonly images: readonly VersionImage[]) {}
}

/**
 * The plan that makes a record's pictures those of a version: a picture it
 * still has stays, one replaced since gets its old file back, one removed
 * since comes back, one added since goes. No new file is written.
 */
export async function planRestoredImages(
  db: Db,
  t: AnyTable,
  def: FieldDef,
  restored: RestoredImages,
  ownerId: string | null,
): Promise<ImagePlan> {
  const current = new Map((ownerId ? await existingImages(db, t, ownerId) : []).map((c) => [String(c.id), String(c.path)]));
  const max = def.maxItems ?? 10;
  if (restored.images.length > max) throw badRequest(`At most ${max} images are allowed.`);
  const items: PlannedImage[] = restored.images.map((img) => {
    const stored = { path: img.path, thumb: img.thumb };
    const had = current.get(img.id);
    if (had === undefined) return { operation: 'create', stored };
    return had === img.path ? { id: img.id, operation: 'keep' } : { id: img.id, operation: 'update', stored };
  });
  const kept = new Set(restored.images.map((img) => img.id));
  for (const id of current.keys()) if (!kept.has(id)) items.push({ id, operation: 'remove' });
  return { items, written: [] };
}

export async function existingImages(db: Db, t: AnyTable, ownerId: string) {
  return db.select({ id: t.id, path: t.path, thumb: t.thumb }).from(t).where(eq(t.ownerId, ownerId)).orderBy(asc(t.position));
}

/**
 * Checks the operations against the record's images and the field's limit,
 * then decodes, checks and stores every new picture (outside any
 * transaction: image work is slow). Entries without image data are skipped.
 */
export async function planImages(
  db: Db,
  t: AnyTable,
  def: FieldDef,
  entries: ImageEntry[],
  ownerId: string | null,
  storage: FileStorage,
  /** Folder under uploads/ (the resource name). */
  sub: string,
): Promise<ImagePlan> {
  const current = ownerId ? await existingImages(db, t, ownerId) : [];
  const known = new Set(current.map((c) => String(c.id)));
  const items: PlannedImage[] = [];
  const mentioned = new Set<string>();
  for (const e of entries) {
    if ((e.operation === 'create' || e.operation === 'update') && !e.imageData) {
      if (e.operation === 'create') continue;
      e.operation = 'keep';
    }
    if (e.operation !== 'create') {
      if (!e.id || !known.has(e.id)) throw badRequest('An image entry refers to an image this record does not have.');
      mentioned.add(e.id);
    }
    items.push({ id: e.id ?? undefined, operation: e.operation });
  }
  // Images the request does not mention stay, after the ones it orders.
  for (const c of current) if (!mentioned.has(String(c.id))) items.push({ id: String(c.id), operation: 'keep' });
  const max = def.maxItems ?? 10;
  if (items.filter((i) => i.operation !== 'remove').length > max) throw badRequest(`At most ${max} images are allowed.`);

  const written: StoredImage[] = [];
  try {
    for (const [i, e] of entries.entries()) {
      if ((e.operation === 'create' || e.operation === 'update') && e.imageData) {
        const label = e.name?.trim() || `image ${i + 1}`;
        const { buf, kind } = decodeDataUrl(e.imageData, label, MAX_IMAGE_BYTES);
        const stored = await storeContentImage(buf, kind, storage, sub, label);
        written.push(stored);
        const target = items.find((it) => it.operation === e.operation && !it.stored && (e.operation === 'create' || it.id === e.id));
        if (target) target.stored = stored;
      }
    }
  } catch (err) {
    await removeStoredImages(storage, written);
    throw err;
  }
  return { items, written };
}

/** Applies a plan inside the record's transaction. Returns the files to delete after commit. */
export async function applyImagePlan(tx: Db, t: AnyTable, plan: ImagePlan, ownerId: string): Promise<StoredImage[]> {
  const obsolete: StoredImage[] = [];
  const byId = new Map((await existingImages(tx, t, ownerId)).map((c) => [String(c.id), c]));
  let position = 0;
  for (const item of plan.items) {
    // planImages gave every entry but a create an id, and every create or update its stored picture.
    const id = item.id ?? '';
    if (item.operation === 'create' && item.stored) {
      await tx.insert(t).values({ ownerId, path: item.stored.path, thumb: item.stored.thumb, position: position++ });
      continue;
    }
    if (item.operation === 'remove' || item.operation === 'update') {
      const old = byId.get(id);
      if (old) obsolete.push({ path: String(old.path), thumb: String(old.thumb) });
    }
    if (item.operation === 'remove') await tx.delete(t).where(and(eq(t.id, id), eq(t.ownerId, ownerId)));
    else if (item.operation === 'update' && item.stored)
      await tx.update(t).set({ path: item.stored.path, thumb: item.stored.thumb, position: position++ }).where(eq(t.id, id));
    else await tx.update(t).set({ position: position++ }).where(eq(t.id, id));
  }
  return obsolete;
}

/** Image lists of many records at once, for lists. */
export async function imagesOf(db: Db, t: AnyTable, ownerIds: string[], files: FileUrls) {
  const rows = await db
    .select({ id: t.id, ownerId: t.ownerId, path: t.path, thumb: t.thumb })
    .from(t)
    .where(inArray(t.ownerId, ownerIds))
    .orderBy(asc(t.position));
  const byOwner = new Map<string, { id: string; path: string; thumb: string; url: string; thumbUrl: string }[]>();
  for (const row of rows) {
    const list = byOwner.get(String(row.ownerId)) ?? [];
    list.push({
      id: String(row.id),
      path: String(row.path),
      thumb: String(row.thumb),
      url: fileUrl(files, String(row.path)),
      thumbUrl: fileUrl(files, String(row.thumb)),
    });
    byOwner.set(String(row.ownerId), list);
  }
  return byOwner;
}
