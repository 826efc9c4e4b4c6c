import { integer, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { applyImagePlan, imagesOf, planImages, type ImagePlan } from '../../server/crud/images-field';
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
      planImages(db, sideTable(), def, (value as ImageEntry[] | null) ?? [], ownerId, storage, resource.name),
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
  // The image rows go with the record (cascade); their files go now.
  afterDelete: ({ storage }, value) => removeStoredImages(storage, (value as StoredImage[] | null) ?? []),
  // Lists of resources with images tell clients where image paths start.
  listExtras: (files) => ({ images_path: files.urlPrefix }),
};
