import { BulkDeleteButton, useListContext, useNotify, useRefresh, useTranslate, useUnselectAll, type Identifier } from 'react-admin';
import { crudErrorMessage } from './crudMessages';

/**
 * Delete the selected rows, after a confirmation naming how many (react-admin's
 * dialog, pessimistic), each at the version the list showed: one changed
 * since is a 412 and nothing is deleted.
 */
export function BulkDelete({ resource }: { resource: string }) {
  const translate = useTranslate();
  const { data, selectedIds } = useListContext();
  const versions = Object.fromEntries(
    (data ?? [])
      .filter((r) => selectedIds.includes(r.id) && typeof r._version === 'number')
      .map((r) => [String(r.id), r._version as number]),
  );
  const notify = useNotify();
  const refresh = useRefresh();
  const unselectAll = useUnselectAll(resource);
  return (
    <BulkDeleteButton
      mutationMode="pessimistic"
      mutationOptions={{
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
      }}
    />
  );
}
