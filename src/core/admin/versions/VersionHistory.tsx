import { useState } from 'react';
import { Alert, LinearProgress, Pagination, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify, useRefresh, useTranslate, type Identifier } from 'react-admin';
import { fieldLabel, type ResourceDef } from '../../shared/resource';
import { errorBody } from '../api/ApiError';
import { useMayCall } from '../generic/useMayCall';
import { FormSection } from '../generic/FormSection';
import { loadVersions, versionsKey } from './versionsApi';
import { VersionList } from './VersionList';
import { VersionCompare } from './VersionCompare';
import { RestoreVersionDialog } from './RestoreVersionDialog';

/** Versions a page of the History section lists. */
const PAGE = 20;

/** After a restore: a toast (naming fields no longer there), the history and list reloaded, and the form told. */
function useRestored(def: ResourceDef, id: Identifier, onRestored: () => void) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  return (n: number, dropped: string[]) => {
    const names = dropped.map((f) => translate(fieldLabel(def.name, f, def.fields[f]), { _: f })).join(', ');
    notify(translate('app.versions.restored', { n }) + (dropped.length ? ` ${translate('app.versions.dropped', { fields: names })}` : ''), {
      type: 'success',
    });
    void queryClient.invalidateQueries({ queryKey: versionsKey(def, id) });
    refresh();
    onRestored();
  };
}

interface Props {
  def: ResourceDef;
  id: Identifier;
  onRestored: () => void;
}

/** A page of versions and the newest one (what a restore compares with), loaded once the section is open. */
function useVersions(def: ResourceDef, id: Identifier, open: boolean, page: number) {
  const list = useQuery({
    queryKey: [...versionsKey(def, id), page],
    queryFn: () => loadVersions(def, id, page, PAGE),
    enabled: open,
    retry: false,
  });
  const newest = useQuery({
    queryKey: [...versionsKey(def, id), 'newest'],
    queryFn: () => loadVersions(def, id, 1, 1),
    enabled: open,
    retry: false,
  });
  return { ...list, latest: newest.data?.data[0]?.version ?? 0 };
}

/** The open section: the list, its pages, the comparison, and the restore confirmation. */
function HistoryBody({ def, id, onRestored, open }: Props & { open: boolean }) {
  const translate = useTranslate();
  const [page, setPage] = useState(1);
  const [pick, setPick] = useState<{ from: number; to: number } | null>(null);
  const [restoring, setRestoring] = useState<number | null>(null);
  const mayRestore = useMayCall()('PUT', `${def.api}/:id`);
  const { data, isPending, error, latest } = useVersions(def, id, open, page);
  const restored = useRestored(def, id, onRestored);
  const shownPick = pick ?? (latest > 1 ? { from: latest - 1, to: latest } : null);
  const pageLabel = (type: string, p: number | null) => translate(`app.versions.page_${type}`, { page: p });
  return (
    <Stack spacing={2}>
      {isPending && <LinearProgress aria-label={translate('app.versions.loading')} />}
      {error && <Alert severity="error">{errorBody(error).error ?? translate('app.versions.load_error')}</Alert>}
      {data && !data.total && <Typography variant="body2">{translate('app.versions.none')}</Typography>}
      {data && data.total > 0 && (
        <VersionList def={def} versions={data.data} latest={latest} onRestore={mayRestore ? setRestoring : undefined} />
      )}
      {data && data.total > PAGE && (
        <Pagination
          size="small"
          count={Math.ceil(data.total / PAGE)}
          page={page}
          onChange={(_, p) => setPage(p)}
          getItemAriaLabel={pageLabel}
        />
      )}
      {data && shownPick && <VersionCompare def={def} id={id} versions={data.data} pick={shownPick} onPick={setPick} />}
      {restoring !== null && (
        <RestoreVersionDialog
          def={def}
          id={id}
          n={restoring}
          latest={latest}
          onClose={() => setRestoring(null)}
          onRestored={(dropped) => {
            setRestoring(null);
            setPick(null);
            restored(restoring, dropped);
          }}
        />
      )}
    </Stack>
  );
}

/**
 * "History" under a record's edit form: its versions (newest first, paged),
 * two of them side by side, and a restore of all or ticked fields after a
 * confirmation (for users who may update the record). Loaded when opened.
 */
export function VersionHistory(props: Props) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <FormSection id="record-versions" title={translate('app.versions.history')} open={open} onOpenChange={setOpen}>
      <HistoryBody {...props} open={open} />
    </FormSection>
  );
}
