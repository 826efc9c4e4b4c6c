import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useNotify, useTranslate, type RaRecord } from 'react-admin';
import { experiences } from '../resource';
import { errorBody, ifMatch, staleRecordOf } from '../../../core/admin/api/ApiError';
import type { Body } from '../../../core/admin/conflict/conflict';
import { editorConflict, useExperienceConflict } from './useExperienceConflict';
import { crudErrorMessage, crudSuccessMessage } from '../../../core/admin/generic/crudMessages';
import { announceChange } from './changes';
import { experienceBody, pictureIds, valuesOf, type EditorValues } from './experienceBody';
import { tooManyImages } from './imageChecks';
import { editExperienceRoute } from './urls';
import { useAbilities } from '../../../core/admin/generic/useAbilities';
import { sendWithProgress } from './sendWithProgress';
import type { ImageEntries } from './useImageEntries';

interface SavedRecord {
  _id: string;
  _version?: number;
  images?: unknown;
}

/**
 * Sends the editor's values with upload progress. A new item then opens at
 * its edit URL; an edited one takes the saved pictures (new ids, new URLs).
 * An edit is sent at the version the editor read (If-Match): when someone
 * changed the item since, the conflict dialog (`conflictDialog`) asks how to
 * go on, and `reload` opens the item afresh. Returns field errors for
 * react-hook-form when the server names fields.
 */
export function useSaveExperience(record: RaRecord | undefined, images: ImageEntries, reload: () => void) {
  const id = record ? String(record.id) : undefined;
  const [progress, setProgress] = useState<number | null>(null);
  /** The values of the last successful save of an existing item: the form's new baseline. */
  const [saved, setSaved] = useState<EditorValues | null>(null);
  /** The version the editor holds (the item as read, then as each save left it) and its pictures then. */
  const [held, setHeld] = useState({ version: record?._version as number | undefined, pictures: pictureIds(record) });
  const notify = useNotify();
  const translate = useTranslate();
  const navigate = useNavigate();
  const api = experiences.api;
  const action = id ? 'update' : 'create';
  // Only fields the user's access rules let them write: the server refuses a body naming any other.
  const { access } = useAbilities(experiences);
  const send = (body: Body, version: number | undefined) =>
    sendWithProgress<SavedRecord>(id ? 'PUT' : 'POST', id ? `${api}/${encodeURIComponent(id)}` : api, body, setProgress, ifMatch(version));
  const conflict = useExperienceConflict(send, reload);

  const save = async (values: EditorValues): Promise<Record<string, string> | undefined> => {
    if (tooManyImages(images.entries)) {
      notify('app.experiences.too_many_total', { type: 'error' });
      return undefined;
    }
    setProgress(0);
    const body = Object.fromEntries(Object.entries(experienceBody(values, images.entries)).filter(([f]) => access.write(f)));
    try {
      const answer = await send(body, held.version);
      notify(crudSuccessMessage(translate, 'experiences', action), { type: 'success' });
      announceChange();
      if (id) {
        images.reset(answer);
        setSaved(values);
        setHeld({ version: answer._version, pictures: pictureIds(answer) });
      } else navigate(editExperienceRoute(answer._id), { replace: true });
      return undefined;
    } catch (e) {
      const current = staleRecordOf(e);
      if (current) {
        conflict.setConflict(editorConflict(body, values, saved ?? valuesOf(record), held.pictures, images.changed, current));
        return undefined;
      }
      notify(crudErrorMessage(translate, 'experiences', action, e), { type: 'error' });
      return errorBody(e).errors;
    } finally {
      setProgress(null);
    }
  };
  return { save, progress, saving: progress !== null, saved, conflictDialog: conflict.dialog };
}
