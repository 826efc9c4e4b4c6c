import { useState, type ReactNode } from 'react';
import { useNotify, useTranslate, useUpdate, type Identifier, type RaRecord } from 'react-admin';
import type { ResourceDef } from '../../shared/resource';
import type { ApiRecord } from '../../shared/api/crud';
import { staleRecordOf } from '../api/ApiError';
import { toRecord } from '../providers/dataProvider';
import { toBody, toFormRecord } from '../generic/formValues';
import type { FieldAccess } from '../generic/fieldAccess';
import { crudErrorMessage } from '../generic/crudMessages';
import { conflictRows, mergedBody, type Body } from './conflict';
import { ConflictDialog } from './ConflictDialog';

interface Conflict {
  /** What the user's save sent. */
  mine: Body;
  /** The record as the form opened (or as the last conflict showed it), in the body's shape. */
  base: Body;
  /** The record now, in the body's shape, and as the API answered it (its version is the next If-Match). */
  theirs: Body;
  current: ApiRecord;
}

/**
 * An edit form's answer to a 412 (someone changed the record since it was
 * opened): `onStale` is given each refusal with the body the save sent and
 * the record the form opened (true when it was a conflict, now shown), and
 * `dialog` is the conflict dialog to render. Its choices save through the
 * same update, at the version the 412 named; a second conflict shows again.
 */
export function useEditConflict(
  def: ResourceDef,
  id: Identifier | undefined,
  access: FieldAccess,
  done: { saved: () => void; reload: () => void },
) {
  const translate = useTranslate();
  const notify = useNotify();
  const [update, { isPending }] = useUpdate();
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const bodyOf = (record: RaRecord) => toBody(def, toFormRecord(def, record), false, access);

  const onStale = (e: unknown, mine: Body, opened: RaRecord | undefined): boolean => {
    const current = staleRecordOf(e);
    if (!current || !opened) return false;
    setConflict({ mine, base: bodyOf(opened), theirs: bodyOf(toRecord(current)), current });
    return true;
  };
  const saveWith = (c: Conflict, data: Body) =>
    update(
      def.name,
      { id: id ?? c.current._id, data, previousData: toRecord(c.current) },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          setConflict(null);
          done.saved();
        },
        onError: (e) => {
          const current = staleRecordOf(e);
          // Changed once more meanwhile: the choice is asked again against what is there now.
          if (current) setConflict({ mine: c.mine, base: c.theirs, theirs: bodyOf(toRecord(current)), current });
          else notify(crudErrorMessage(translate, def.name, 'update', e), { type: 'error' });
        },
      },
    );

  let dialog: ReactNode = null;
  if (conflict && id !== undefined)
    dialog = (
      <ConflictDialog
        def={def}
        id={id}
        rows={conflictRows(conflict.mine, conflict.base, conflict.theirs)}
        busy={isPending}
        onMerge={() => void saveWith(conflict, mergedBody(conflict.mine, conflict.base, conflict.theirs))}
        onOverwrite={() => void saveWith(conflict, conflict.mine)}
        onReload={() => {
          setConflict(null);
          done.reload();
        }}
        onClose={() => setConflict(null)}
      />
    );
  return { onStale, dialog };
}
