import { toPayload, type ImageEntryState } from '../../../core/shared/image-entry';
import { formatTags, parseTags } from './tags';
import { imagesOf } from './images';

/** The editor's form values (tags as typed). */
export interface EditorValues {
  title?: unknown;
  slug?: unknown;
  description?: unknown;
  tags?: unknown;
  under_review?: unknown;
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/**
 * What create and update send: form fields, tags as an array, and
 * the image entries in display order. An empty slug is sent empty: the
 * server makes one from the title.
 */
export function experienceBody(values: EditorValues, entries: readonly ImageEntryState[]) {
  return {
    title: text(values.title).trim(),
    slug: text(values.slug).trim(),
    description: text(values.description),
    tags: parseTags(text(values.tags)),
    under_review: values.under_review === true,
    images: toPayload([...entries]),
  };
}

/** The editor's values for a stored item (what the form opens with). */
export function valuesOf(record: Readonly<Record<string, unknown>> | undefined): EditorValues {
  return {
    title: text(record?.title),
    slug: text(record?.slug),
    description: text(record?.description),
    tags: formatTags(record?.tags),
    under_review: record?.under_review === true,
  };
}

/** The item's pictures as ids, in order: what tells whether the pictures changed. */
export const pictureIds = (record: object | undefined): string[] => imagesOf(record).map((i) => i.id);
