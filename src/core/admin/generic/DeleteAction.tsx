import { useEffect, useState } from 'react';
import { CircularProgress, IconButton } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { useDelete, useNotify, useRecordContext, useRefresh, useTranslate, type RaRecord } from 'react-admin';
import { Confirm } from './Confirm';
import { crudErrorMessage, crudSuccessMessage } from './crudMessages';
import { RowTooltip } from './RowTooltip';

/**
 * Delete after 'Are you sure? You want to delete this?'; shows a spinner and stays disabled while running. A
 * tooltip names it unless `hover` is false (a touch screen).
 */
export function DeleteAction({ resource, hover = true }: { resource: string; hover?: boolean }) {
  const record = useRecordContext();
  const translate = useTranslate();
  const [asking, setAsking] = useState(false);
  // The confirmation and the deletion join the row at its first click, and then stay so the dialog can close
  // with its animation and the deletion finish: in every row of a page, a closed dialog was a tenth of the
  // rows' drawing, and the deletion's hooks (a mutation, notify, refresh) a share of it too.
  const [asked, setAsked] = useState(false);
  const [pending, setPending] = useState(false);
  if (!record) return null;
  const label = translate('ra.action.delete');
  return (
    <>
      <RowTooltip title={label} hover={hover}>
        <span>
          <IconButton
            size="small"
            color="error"
            aria-label={label}
            disabled={pending}
            onClick={() => {
              setAsked(true);
              setAsking(true);
            }}
          >
            {pending ? <CircularProgress size={18} /> : <DeleteIcon fontSize="small" />}
          </IconButton>
        </span>
      </RowTooltip>
      {asked && <DeleteConfirm resource={resource} record={record} open={asking} onClose={() => setAsking(false)} onPending={setPending} />}
    </>
  );
}

function DeleteConfirm({
  resource,
  record,
  open,
  onClose,
  onPending,
}: {
  resource: string;
  record: RaRecord;
  open: boolean;
  onClose: () => void;
  onPending: (pending: boolean) => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [remove, { isPending }] = useDelete();
  useEffect(() => onPending(isPending), [isPending, onPending]);
  const confirm = () => {
    onClose();
    remove(
      resource,
      { id: record.id, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify(crudSuccessMessage(translate, resource, 'delete'), { type: 'success' });
          refresh();
        },
        onError: (e) => notify(crudErrorMessage(translate, resource, 'delete', e), { type: 'error' }),
      },
    );
  };
  return (
    <Confirm
      isOpen={open}
      title="app.delete.title"
      content="app.delete.content"
      confirm="app.delete.yes"
      cancel="app.delete.no"
      confirmColor="warning"
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}
