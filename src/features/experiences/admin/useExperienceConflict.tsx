import { useState, type ReactNode } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import type { ApiRecord } from '../../../core/shared/api/crud';
import { ConflictDialog } from '../../../core/admin/conflict/ConflictDialog';
import { conflictRows, type Body, type ConflictRow } from '../../../core/admin/conflict/conflict';
import { crudErrorMessage } from '../../../core/admin/generic/crudMessages';
import { staleRecordOf } from '../../../core/admin/api/ApiError';
import { experiences } from '../resource';
import { experienceBody, pictureIds, valuesOf, type EditorValues } from './experienceBody';

/** The text fields of a save as the conflict compares them (pictures apart: see `picturesRow`). */
const textBody = (values: EditorValues): Body => {
  const { images: _images, ...rest } = experienceBody(values, []);
  return rest;
};

export interface EditorConflict {
  /** The whole body the refused save sent, and the fields the user changed in it. */
  sent: Body;
  changed: string[];
  rows: ConflictRow[];
  current: ApiRecord;
}

/**
 * The experience editor's answer to a 412: what the user changed against
 * what the form opened with (`opened`, the pictures by `picturesChanged`),
 * what someone else changed since (`openedRecord` against `current`).
 */
export function editorConflict(
  sent: Body,
  values: EditorValues,
  opened: EditorValues,
  openedPictures: readonly string[],
  picturesChanged: boolean,
  current: ApiRecord,
): EditorConflict {
  const mine = textBody(values);
  const base = textBody(opened);
  const rows = conflictRows(mine, base, textBody(valuesOf(current)));
  const theyChangedPictures = pictureIds(current).join() !== openedPictures.join();
  if (picturesChanged || theyChangedPictures)
    rows.push({
      field: 'images',
      mine: String(Array.isArray(sent.images) ? sent.images.length : 0),
      theirs: String(pictureIds(current).length),
      byMe: picturesChanged,
      byThem: theyChangedPictures,
    });
  const changed = rows.filter((r) => r.byMe).map((r) => r.field);
  return { sent, changed, rows, current };
}

/**
 * The conflict dialog of the experience editor. "Keep my changes" sends only
 * the fields the user changed (an update leaves the others as they are now),
 * "overwrite" sends all of them, both at the version the 412 named; after
 * either, or "reload", the editor opens the item afresh (`reload`).
 */
export function useExperienceConflict(send: (body: Body, version: number) => Promise<unknown>, reload: () => void) {
  const translate = useTranslate();
  const notify = useNotify();
  const [conflict, setConflict] = useState<EditorConflict | null>(null);
  const [busy, setBusy] = useState(false);
  const resolve = async (c: EditorConflict, body: Body) => {
    setBusy(true);
    try {
      await send(body, Number(c.current._version));
      setConflict(null);
      reload();
    } catch (e) {
      const current = staleRecordOf(e);
      if (current) setConflict({ ...c, current });
      else notify(crudErrorMessage(translate, 'experiences', 'update', e), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  let dialog: ReactNode = null;
  if (conflict)
    dialog = (
      <ConflictDialog
        def={experiences}
        id={conflict.current._id}
        rows={conflict.rows}
        busy={busy}
        onMerge={() => void resolve(conflict, Object.fromEntries(conflict.changed.map((f) => [f, conflict.sent[f]])))}
        onOverwrite={() => void resolve(conflict, conflict.sent)}
        onReload={() => {
          setConflict(null);
          reload();
        }}
        onClose={() => setConflict(null)}
      />
    );
  return { setConflict, dialog };
}
