import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useNotify, useTranslate } from 'react-admin';
import { experiences } from '../resource';
import { errorBody } from '../../../core/admin/api/ApiError';
import { crudErrorMessage, crudSuccessMessage } from '../../../core/admin/generic/crudMessages';
import { announceChange } from './changes';
import { experienceBody, type EditorValues } from './experienceBody';
import { tooManyImages } from './imageChecks';
import { editExperienceRoute } from './urls';
import { useAbilities } from '../../../core/admin/generic/useAbilities';
import { sendWithProgress } from './sendWithProgress';
import type { ImageEntries } from './useImageEntries';

interface SavedRecord {
  _id: string;
  images?: unknown;
}

/**
 * Sends the editor's values with upload progress. A new item then opens at
 * its edit URL; an edited one takes the saved pictures (new ids, new URLs).
 * Returns field errors for react-hook-form when the server names fields.
 */
export function useSaveExperience(id: string | undefined, images: ImageEntries) {
  const [progress, setProgress] = useState<number | null>(null);
  /** The values of the last successful save of an existing item: the form's new baseline. */
  const [saved, setSaved] = useState<EditorValues | null>(null);
  const notify = useNotify();
  const translate = useTranslate();
  const navigate = useNavigate();
  const api = experiences.api;
  const action = id ? 'update' : 'create';
  // Only fields the user's access rules let them write: the server refuses a body naming any other.
  const { access } = useAbilities(experiences);

  const save = async (values: EditorValues): Promise<Record<string, string> | undefined> => {
    if (tooManyImages(images.entries)) {
      notify('app.experiences.too_many_total', { type: 'error' });
      return undefined;
    }
    setProgress(0);
    try {
      const url = id ? `${api}/${encodeURIComponent(id)}` : api;
      const body = Object.fromEntries(Object.entries(experienceBody(values, images.entries)).filter(([f]) => access.write(f)));
      const record = await sendWithProgress<SavedRecord>(id ? 'PUT' : 'POST', url, body, setProgress);
      notify(crudSuccessMessage(translate, 'experiences', action), { type: 'success' });
      announceChange();
      if (id) {
        images.reset(record);
        setSaved(values);
      } else navigate(editExperienceRoute(record._id), { replace: true });
      return undefined;
    } catch (e) {
      notify(crudErrorMessage(translate, 'experiences', action, e), { type: 'error' });
      return errorBody(e).errors;
    } finally {
      setProgress(null);
    }
  };
  return { save, progress, saving: progress !== null, saved };
}
