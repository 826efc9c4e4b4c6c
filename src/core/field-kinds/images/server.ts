import { integer, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { eq, or } from 'drizzle-orm';
import {
  applyImagePlan,
  imagesOf,
  planImages,
  planRestoredImages,
  RestoredImages,
  type ImagePlan,
  type VersionImage,
} from '../../server/crud/images-field';
import type { ImageEntry } from './shared';
import { removeStoredImages, type StoredImage } from '../../server/uploads/content-images';
import type { ServerFieldKind } from '../server/kind';

/** Ordered images in a child table (one row per picture); files under uploads/. */
export const images: ServerFieldKind = {
  sideTable: ({ ownTable }, tableName) =>
    pgTable(
      tableName,
      {
        id: uuid('id').primaryKey().defaultRandom(),
        ownerId: uuid('owner_id')
          .notNull()
          .references(() => ownTable().id, { onDelete: 'cascade' }),
        path: text('path').notNull(),
        thumb: text('thumb').notNull(),
        position: integer('position').notNull().default(0),
        createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
      },
      (t) => [index(`${tableName}_owner_idx`).on(t.ownerId, t.position)],
    ),
  related: {
    plan: ({ db, resource, def, storage, sideTable }, value, ownerId) =>
      value instanceof RestoredImages
        ? planRestoredImages(db, sideTable(), def, value, ownerId)
        : planImages(db, sideTable(), def, (value as ImageEntry[] | null) ?? [], ownerId, storage, resource.name),
    apply: async (tx, { storage, sideTable }, plan, ownerId) => {
      const obsolete = await applyImagePlan(tx, sideTable(), plan as ImagePlan, ownerId);
      // Files of replaced or removed pictures go once the new rows are committed.
      return () => removeStoredImages(storage, obsolete);
    },
    discard: ({ storage }, plan) => removeStoredImages(storage, (plan as ImagePlan).written),
  },
  populate: async ({ db, field, sideTable, files }, records) => {
    const byOwner = await imagesOf(
      db,
      sideTable(),
      records.map((x) => x._id),
      files,
    );
    for (const rec of records) rec[field] = byOwner.get(rec._id) ?? [];
  },
  // A version keeps each picture's row id and storage keys; URLs follow from the storage.
  versionValue: (v) => (Array.isArray(v) ? (v as VersionImage[]).map(({ id, path, thumb }) => ({ id, path, thumb })) : []),
  restoreValue: (v) => new RestoredImages(Array.isArray(v) ? (v as VersionImage[]) : []),
  versionFiles: (v) => (Array.isArray(v) ? (v as VersionImage[]).flatMap((i) => [i.path, i.thumb]) : []),
  fileInUse: async ({ db, sideTable }, key) => {
    const t = sideTable();
    return (
      (
        await db
          .select({ id: t.id })
          .from(t)
          .where(or(eq(t.path, key), eq(t.thumb, key)))
          .limit(1)
      ).length > 0
    );
  },
  // The image rows go with the record (cascade); their files go now.
  afterDelete: ({ storage }, value) => removeStoredImages(storage, (value as StoredImage[] | null) ?? []),
  // Lists of resources with images tell clients where image paths start.
  listExtras: (files) => ({ images_path: files.urlPrefix }),
};
