import { useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'react-admin';
import { updateSessionUser } from '../../../core/web/session';
import { errorBody, staleRecordOf } from '../../../core/admin/api/ApiError';
import { ConflictDialog } from '../../../core/admin/conflict/ConflictDialog';
import { conflictRows, mergedBody, type Body } from '../../../core/admin/conflict/conflict';
import { useAdminResources } from '../../../core/admin/resources/AdminResources';
import { saveProfile, type Profile, type ProfileUpdate } from './profileApi';

interface Conflict {
  mine: ProfileUpdate;
  base: Body;
  current: Profile;
}

/** A profile in the shape the save sends, for comparing with what the user sent. */
const bodyOf = (p: Profile): Body => ({ name: p.name, phone: p.phone, address: p.address, bio: p.bio, image: p.image ?? undefined });

/**
 * Saving the own profile at the version the page read. After a save the
 * page shows the profile as saved (its new version); when the account
 * changed since (another tab, an admin), the conflict dialog asks how to go
 * on, as every edit screen does.
 */
export function useProfileSave(opened: Profile | undefined) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { resources } = useAdminResources();
  const [saving, setSaving] = useState(false);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const t = (k: string) => translate(`app.profile.${k}`);

  const saveAt = async (body: ProfileUpdate, base: Body, version: number | undefined) => {
    setSaving(true);
    try {
      const saved = await saveProfile(body, version);
      updateSessionUser({ name: saved.name, image: saved.image ?? null });
      await queryClient.invalidateQueries({ queryKey: ['auth', 'getIdentity'] });
      queryClient.setQueryData(['app', 'my-profile'], saved);
      setConflict(null);
      notify('app.profile.updated', { type: 'success' });
      // A changed password says so too.
      if (body.password) notify('app.profile.password_updated', { type: 'success' });
    } catch (e) {
      const current = staleRecordOf(e) as Profile | undefined;
      if (current) setConflict({ mine: body, base, current });
      else {
        const b = errorBody(e);
        notify(b.error ?? t(b.transport ? 'save_error' : 'save_failed'), { type: 'error' });
      }
    } finally {
      setSaving(false);
    }
  };
  const save = (body: ProfileUpdate) => (opened ? saveAt(body, bodyOf(opened), opened._version) : Promise.resolve());

  const users = resources.find('users');
  let dialog: ReactNode = null;
  if (conflict && users) {
    const theirs = bodyOf(conflict.current);
    const again = (body: Body) => void saveAt(body as ProfileUpdate, theirs, conflict.current._version);
    dialog = (
      <ConflictDialog
        def={users}
        id="me"
        rows={conflictRows(conflict.mine, conflict.base, theirs)}
        busy={saving}
        onMerge={() => again(mergedBody(conflict.mine, conflict.base, theirs))}
        onOverwrite={() => again(conflict.mine)}
        onReload={() => {
          setConflict(null);
          queryClient.setQueryData(['app', 'my-profile'], conflict.current);
          notify('app.conflict.reloaded', { type: 'info' });
        }}
        onClose={() => setConflict(null)}
      />
    );
  }
  return { save, saving, dialog };
}
