import { useState } from 'react';
import { CircularProgress, IconButton, Tooltip } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { useDelete, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { Confirm } from './Confirm';
import { crudErrorMessage, crudSuccessMessage } from './crudMessages';

/** Delete after 'Are you sure? You want to delete this?'; shows a spinner and stays disabled while running. */
export function DeleteAction({ resource }: { resource: string }) {
  const record = useRecordContext();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [asking, setAsking] = useState(false);
  // The confirmation joins the page at its first opening, and then stays so it can close with its animation:
  // a closed dialog in every row of a page was a tenth of the rows' drawing.
  const [asked, setAsked] = useState(false);
  const [remove, { isPending }] = useDelete();
  if (!record) return null;
  const confirm = () => {
    setAsking(false);
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
  const label = translate('ra.action.delete');
  return (
    <>
      <Tooltip title={label}>
        <span>
          <IconButton
            size="small"
            color="error"
            aria-label={label}
            disabled={isPending}
            onClick={() => {
              setAsked(true);
              setAsking(true);
            }}
          >
            {isPending ? <CircularProgress size={18} /> : <DeleteIcon fontSize="small" />}
          </IconButton>
        </span>
      </Tooltip>
      {asked && (
        <Confirm
          isOpen={asking}
          title="app.delete.title"
          content="app.delete.content"
          confirm="app.delete.yes"
          cancel="app.delete.no"
          confirmColor="warning"
          onConfirm={confirm}
          onClose={() => setAsking(false)}
        />
      )}
    </>
  );
}
