import { MAX_EXPERIENCE_IMAGE_BYTES, MAX_EXPERIENCE_IMAGES } from '../resource';
import { hasAllowedExtension, type ImageEntryState } from '../../../core/shared/image-entry';

/** What the editor says about a file it refuses (i18n key under app.experiences + the file name). */
export interface FileProblem {
  key: 'bad_extension' | 'too_large' | 'too_many';
  file: string;
}

export interface FileLike {
  name: string;
  size: number;
}

/** Entries that will exist after saving (removed ones do not count toward the limit). */
export function activeCount(entries: readonly ImageEntryState[]): number {
  return entries.filter((e) => e.operation !== 'remove').length;
}

/**
 * Checks before anything is read or sent: jpg/jpeg/png only, 10 MB
 * each, at most 10 images in all. Files past the limit are refused one by one
 * so the first ones still get in.
 */
export function checkNewFiles<F extends FileLike>(current: number, files: readonly F[]): { accepted: F[]; problems: FileProblem[] } {
  const accepted: F[] = [];
  const problems: FileProblem[] = [];
  for (const f of files) {
    if (!hasAllowedExtension(f.name)) problems.push({ key: 'bad_extension', file: f.name });
    else if (f.size > MAX_EXPERIENCE_IMAGE_BYTES) problems.push({ key: 'too_large', file: f.name });
    else if (current + accepted.length >= MAX_EXPERIENCE_IMAGES) problems.push({ key: 'too_many', file: f.name });
    else accepted.push(f);
  }
  return { accepted, problems };
}

/** The last check before sending: undoing removals may have passed the limit again. */
export function tooManyImages(entries: readonly ImageEntryState[]): boolean {
  return activeCount(entries) > MAX_EXPERIENCE_IMAGES;
}
