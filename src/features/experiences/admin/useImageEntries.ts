import { useCallback, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { existingEntry, hasPendingChanges, newEntry, removeFromList, type ImageEntryState } from '../../../core/shared/image-entry';
import { activeCount, checkNewFiles } from './imageChecks';
import { imagesOf } from './images';
import { readDataUrl } from './readDataUrl';
import { moveBy, moveById } from './reorder';

export interface ImageEntries {
  entries: ImageEntryState[];
  add: (files: readonly File[]) => Promise<void>;
  toggleRemove: (id: string) => void;
  move: (from: string, to: string) => void;
  nudge: (id: string, delta: -1 | 1) => void;
  setPath: (id: string, imagePath: string) => void;
  /** New picture data for an entry that is not saved yet (turned in the browser). */
  setData: (id: string, imageData: string) => void;
  reset: (record: object) => void;
  /** Something here is not saved yet (see hasPendingChanges). */
  changed: boolean;
}

const fromRecord = (record: object | undefined) => imagesOf(record).map((i) => existingEntry(i.id, i.url));

/** The editor's pictures: the operation state machine, the pre-send checks, display order. */
export function useImageEntries(record: object | undefined): ImageEntries {
  const [entries, setEntries] = useState<ImageEntryState[]>(() => fromRecord(record));
  const [savedIds, setSavedIds] = useState<string[]>(() => entries.map((e) => e.id));
  const notify = useNotify();
  const translate = useTranslate();

  const add = useCallback(
    async (files: readonly File[]) => {
      const { accepted, problems } = checkNewFiles(activeCount(entries), files);
      for (const p of problems) notify(translate(`app.experiences.${p.key}`, { file: p.file }), { type: 'error' });
      const read = await Promise.all(accepted.map(async (f) => newEntry(await readDataUrl(f), f.name)));
      setEntries((list) => [...list, ...read]);
    },
    [entries, notify, translate],
  );

  return {
    entries,
    add,
    toggleRemove: useCallback((id: string) => setEntries((list) => removeFromList(list, id)), []),
    move: useCallback((from: string, to: string) => setEntries((list) => moveById(list, from, to)), []),
    nudge: useCallback((id: string, delta: -1 | 1) => setEntries((list) => moveBy(list, id, delta)), []),
    setPath: useCallback(
      (id: string, imagePath: string) => setEntries((list) => list.map((e) => (e.id === id ? { ...e, imagePath } : e))),
      [],
    ),
    setData: useCallback(
      (id: string, imageData: string) => setEntries((list) => list.map((e) => (e.id === id ? { ...e, imageData } : e))),
      [],
    ),
    reset: useCallback((r: object) => {
      const saved = fromRecord(r);
      setEntries(saved);
      setSavedIds(saved.map((e) => e.id));
    }, []),
    changed: hasPendingChanges(savedIds, entries),
  };
}
