import { toPayload, type ImageEntryState } from '../../../core/shared/image-entry';
import { parseTags } from './tags';

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
