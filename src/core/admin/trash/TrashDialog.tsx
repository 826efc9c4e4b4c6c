import { useState } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  List,
  Pagination,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify, useRefresh, useTranslate, type Identifier } from 'react-admin';
import type { ResourceDef } from '../../shared/resource';
import { errorBody } from '../api/ApiError';
import { useMayCall } from '../generic/useMayCall';
import { loadTrash, purgeFromTrash, restoreFromTrash, trashKey, type TrashedRecord } from './trashApi';
import { TrashItem, trashedLabel } from './TrashItem';

const PAGE = 25;

/** Restore and purge, each with its toast; the list and the trash reloaded after either. */
function useTrashActions(def: ResourceDef) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<Identifier | null>(null);
  const run = async (rec: TrashedRecord, work: () => Promise<unknown>, done: string) => {
    setBusy(rec._id);
    try {
      await work();
      notify(translate(done, { name: trashedLabel(def, rec) }), { type: 'success' });
      refresh();
    } catch (e) {
      notify(errorBody(e).error ?? translate('app.trash.action_error'), { type: 'error' });
    } finally {
      setBusy(null);
      void queryClient.invalidateQueries({ queryKey: trashKey(def) });
    }
  };
  return {
    busy,
    restore: (rec: TrashedRecord) => run(rec, () => restoreFromTrash(def, rec._id), 'app.trash.restored'),
    purge: (rec: TrashedRecord) => run(rec, () => purgeFromTrash(def, rec._id), 'app.trash.purged'),
  };
}

/** "Trash: Users": the deleted records of one list, newest deletion first, to restore or (for those who may) purge. */
export function TrashDialog({ def, onClose }: { def: ResourceDef; onClose: () => void }) {
  const translate = useTranslate();
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [page, setPage] = useState(1);
  const { data, isPending, error } = useQuery({
    queryKey: [...trashKey(def), page],
    queryFn: () => loadTrash(def, page, PAGE),
    retry: false,
  });
  const mayPurge = useMayCall()('DELETE', `${def.api}/:id/purge`);
  const actions = useTrashActions(def);
  const name = translate(`resources.${def.name}.name`, { smart_count: 2, _: def.name });
  return (
    <Dialog open onClose={onClose} fullWidth fullScreen={small} maxWidth="sm" aria-labelledby="trash-title">
      <DialogTitle id="trash-title">{translate('app.trash.title', { name })}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {translate('app.trash.intro')}
        </Typography>
        {isPending && <LinearProgress aria-label={translate('app.trash.loading')} />}
        {error && <Alert severity="error">{errorBody(error).error ?? translate('app.trash.load_error')}</Alert>}
        {data && !data.total && <Alert severity="info">{translate('app.trash.empty')}</Alert>}
        {data && data.total > 0 && (
          <List dense disablePadding aria-label={translate('app.trash.title', { name })}>
            {data.data.map((rec) => (
              <TrashItem
                key={rec._id}
                def={def}
                rec={rec}
                mayPurge={mayPurge}
                busy={actions.busy === rec._id}
                onRestore={() => void actions.restore(rec)}
                onPurge={() => void actions.purge(rec)}
              />
            ))}
          </List>
        )}
        {data && data.total > PAGE && (
          <Pagination
            sx={{ mt: 1 }}
            size="small"
            count={Math.ceil(data.total / PAGE)}
            page={page}
            onChange={(_, p) => setPage(p)}
            getItemAriaLabel={(type, p) => translate(`app.versions.page_${type}`, { page: p })}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
