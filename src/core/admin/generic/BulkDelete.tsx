import { BulkDeleteButton, useNotify, useRefresh, useTranslate, useUnselectAll, type Identifier } from 'react-admin';
import { crudErrorMessage } from './crudMessages';

/** Delete the selected rows, after a confirmation naming how many (react-admin's dialog, pessimistic). */
export function BulkDelete({ resource }: { resource: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const unselectAll = useUnselectAll(resource);
  return (
    <BulkDeleteButton
      mutationMode="pessimistic"
      mutationOptions={{
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
