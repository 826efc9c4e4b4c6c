/**
 * The editor's image entries and their operation state machine: a new entry
 * starts as create; choosing a file turns keep into update; remove drops a
 * create entry, turns keep or update into remove, and pressed again on remove
 * goes back to update.
 */
export type ImageOperation = 'create' | 'keep' | 'update' | 'remove';

export interface ImageEntryState {
  id: string;
  operation: ImageOperation;
  /** data: URL of a newly chosen file. */
  imageData?: string | null;
  /** URL of the stored picture (existing images). */
  imagePath?: string | null;
  /** Name of the chosen file, for messages. */
  name?: string | null;
}

let counter = 0;
const localId = () => `new-${Date.now().toString(36)}-${(counter++).toString(36)}`;

export function newEntry(imageData: string, name: string): ImageEntryState {
  return { id: localId(), operation: 'create', imageData, name };
}

export function existingEntry(id: string, imagePath: string): ImageEntryState {
  return { id, operation: 'keep', imagePath };
}

export function chooseFile(entry: ImageEntryState, imageData: string, name: string): ImageEntryState {
  const operation = entry.operation === 'keep' || entry.operation === 'remove' ? 'update' : entry.operation;
  return { ...entry, operation, imageData, name };
}

/** Returns null when the entry disappears (a create entry removed). */
export function toggleRemove(entry: ImageEntryState): ImageEntryState | null {
  switch (entry.operation) {
    case 'create':
      return null;
    case 'keep':
    case 'update':
      return { ...entry, operation: 'remove' };
    case 'remove':
      return { ...entry, operation: 'update' };
  }
}

/** Applies remove to one entry of a list. */
export function removeFromList(list: ImageEntryState[], id: string): ImageEntryState[] {
  return list.flatMap((e) => {
    if (e.id !== id) return [e];
    const next = toggleRemove(e);
    return next ? [next] : [];
  });
}

/**
 * Whether a list differs from what was saved (`savedIds`, in order): an
 * added, replaced or removed picture, or a new order. Rotating is not a
 * change: the server stores it at once.
 */
export function hasPendingChanges(savedIds: readonly string[], list: readonly ImageEntryState[]): boolean {
  return list.length !== savedIds.length || list.some((e, i) => e.operation !== 'keep' || e.id !== savedIds[i]);
}

/** What the API receives: new ids are not sent; entries without data are skipped by the server. */
export function toPayload(list: ImageEntryState[]) {
  return list.map((e) => ({
    id: e.operation === 'create' ? undefined : e.id,
    operation: e.operation,
    imageData: e.operation === 'create' || e.operation === 'update' ? (e.imageData ?? null) : null,
    name: e.name ?? null,
  }));
}

export const ALLOWED_IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png'];

/** Extension check (jpg, jpeg, png, any case) before anything is sent; the server checks content again. */
export function hasAllowedExtension(fileName: string): boolean {
  const ext = fileName.split('.').pop()?.toLowerCase() ?? '';
  return fileName.includes('.') && ALLOWED_IMAGE_EXTENSIONS.includes(ext);
}
