import { Type } from '../../shared/api/schema';
import type { FieldKind, JsonSchema } from '../kind';

/** One entry of an images field in a request body: an operation on one image. */
export interface ImageEntry {
  id?: string;
  operation: 'create' | 'keep' | 'update' | 'remove';
  imageData?: string | null;
  name?: string | null;
}

export const imageEntrySchema: JsonSchema = {
  type: 'object',
  required: ['operation'],
  properties: {
    id: { type: ['string', 'null'], maxLength: 100 },
    operation: { type: 'string', enum: ['create', 'keep', 'update', 'remove'] },
    imageData: { type: ['string', 'null'] },
    name: { type: ['string', 'null'], maxLength: 255 },
  },
};

/** One stored image as records carry it. */
export const StoredImage = Type.Object({
  id: Type.String(),
  path: Type.String(),
  thumb: Type.String(),
  url: Type.String(),
  thumbUrl: Type.String(),
});

/**
 * Ordered images kept in a child table. Bodies carry operations on them
 * (create, keep, update, remove); records carry `[{id, path, thumb, url, thumbUrl}]`.
 */
export const images: FieldKind = {
  writable: true,
  bodySchema: () => ({ type: 'array', maxItems: 50, items: imageEntrySchema }),
  apiSchema: () => Type.Array(StoredImage),
  listExtras: ['images_path'],
  emptyValue: () => [],
  csv: (v) => (Array.isArray(v) ? v.map((i) => String((i as { url?: unknown }).url ?? '')).join(' ') : ''),
};
