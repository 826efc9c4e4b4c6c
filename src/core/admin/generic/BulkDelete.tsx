import { useState } from 'react';
import DeleteIcon from '@mui/icons-material/Delete';
import {
  Button,
  useBulkDeleteController,
  useListContext,
  useNotify,
  useRefresh,
  useTranslate,
  useUnselectAll,
  type Identifier,
} from 'react-admin';
import { Confirm } from './Confirm';
import { crudErrorMessage } from './crudMessages';

/**
 * Delete the selected rows, after a confirmation naming how many
 * (pessimistic: the dialog shows progress until the server answers), each
 * at the version the list showed: one changed since is a 412 and nothing is
 * deleted. react-admin's BulkDeleteButton, but with the admin's Confirm: its
 * own ran a double-clicked "Confirm" twice.
 */
export function BulkDelete({ resource }: { resource: string }) {
  const translate = useTranslate();
  const { data, selectedIds } = useListContext();
  const [asking, setAsking] = useState(false);
  const versions = Object.fromEntries(
    (data ?? [])
      .filter((r) => selectedIds.includes(r.id) && typeof r._version === 'number')
      .map((r) => [String(r.id), r._version as number]),
  );
  const notify = useNotify();
  const refresh = useRefresh();
  const unselectAll = useUnselectAll(resource);
  const { handleDelete, isPending } = useBulkDeleteController({
    resource,
    mutationMode: 'pessimistic',
    mutationOptions: {
      meta: { versions },
      onSuccess: (_data: unknown, variables: { ids?: Identifier[] } | undefined) => {
        notify('ra.notification.deleted', { type: 'success', messageArgs: { smart_count: variables?.ids?.length ?? 1 } });
        unselectAll();
        // The title's total comes from the server's answer: ask again.
        refresh();
      },
      onError: (e: unknown) => {
        notify(crudErrorMessage(translate, resource, 'delete', e), { type: 'error' });
        // The server deleted none of them (all or nothing); the list may have changed meanwhile.
        refresh();
      },
      onSettled: () => setAsking(false),
    },
  });
  const count = selectedIds.length;
  const plural = translate(`resources.${resource}.name`, { smart_count: count, _: resource });
  const names = { smart_count: count, name: plural.charAt(0).toLowerCase() + plural.slice(1) };
  return (
    <>
      <Button label="ra.action.delete" color="error" onClick={() => setAsking(true)}>
        <DeleteIcon />
      </Button>
      <Confirm
        isOpen={asking}
        loading={isPending}
        title="ra.message.bulk_delete_title"
        content="ra.message.bulk_delete_content"
        titleTranslateOptions={names}
        contentTranslateOptions={names}
        onConfirm={handleDelete}
        onClose={() => setAsking(false)}
      />
    </>
  );
}
