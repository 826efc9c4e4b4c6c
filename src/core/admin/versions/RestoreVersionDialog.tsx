import { useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  LinearProgress,
  Stack,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate, type Identifier } from 'react-admin';
import { fieldLabel, type ResourceDef } from '../../shared/resource';
import { kindOf } from '../../field-kinds';
import { errorBody } from '../api/ApiError';
import type { Static } from '../../shared/api/schema';
import type { VersionChange as VersionChangeSchema } from '../../shared/api/versions';
import { compareVersions, restoreVersion, versionsKey } from './versionsApi';

type VersionChange = Static<typeof VersionChangeSchema>;
import { VersionValue } from './VersionValue';

/** Fields a restore may bring back: those a person writes (not the server's timestamps and stamps). */
const restorable = (def: ResourceDef, f: string) => {
  const d = Object.hasOwn(def.fields, f) ? def.fields[f] : undefined;
  return Boolean(d && !d.readOnly && !d.internal && kindOf(d).writable);
};

interface Props {
  def: ResourceDef;
  id: Identifier;
  n: number;
  latest: number;
  onClose: () => void;
  onRestored: (dropped: string[]) => void;
}

/** The ticked fields and the restore itself: `onRestored` once it is saved, a message when it is refused. */
function useRestoreChoice(props: Props, changes: readonly { field: string }[]) {
  const translate = useTranslate();
  const [unticked, setUnticked] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const chosen = changes.map((c) => c.field).filter((f) => !unticked.has(f));
  const toggle = (f: string) => setUnticked((s) => (s.has(f) ? new Set([...s].filter((x) => x !== f)) : new Set([...s, f])));
  const restore = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const answer = await restoreVersion(props.def, props.id, props.n, chosen);
      props.onRestored(answer.dropped ?? []);
    } catch (e) {
      setFailure(errorBody(e).error ?? translate('app.versions.restore_error'));
      setBusy(false);
    }
  };
  return { unticked, toggle, chosen, busy, failure, restore };
}

/** One field to bring back: its box, its value in the version and now. */
function ChangeChoice({
  props,
  change,
  filesUrl,
  ticked,
  onToggle,
}: {
  props: Props;
  change: VersionChange;
  filesUrl: string;
  ticked: boolean;
  onToggle: () => void;
}) {
  const translate = useTranslate();
  const { def, n } = props;
  const fieldDef = def.fields[change.field];
  return (
    <Stack spacing={0.5} sx={{ borderTop: 1, borderColor: 'divider', pt: 1 }}>
      <FormControlLabel
        control={<Checkbox checked={ticked} onChange={onToggle} />}
        label={<strong>{translate(fieldLabel(def.name, change.field, fieldDef), { _: change.field })}</strong>}
      />
      <Typography variant="body2" component="div">
        {translate('app.versions.then', { n })}: <VersionValue def={fieldDef} value={change.from} filesUrl={filesUrl} />
      </Typography>
      <Typography variant="body2" component="div" color="text.secondary">
        {translate('app.versions.now')}: <VersionValue def={fieldDef} value={change.to} filesUrl={filesUrl} />
      </Typography>
    </Stack>
  );
}

/** "Restore version n?": the fields that differ from the record now, each ticked to bring it back. */
export function RestoreVersionDialog(props: Props) {
  const { def, id, n, latest, onClose } = props;
  const translate = useTranslate();
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const { data, isPending, error } = useQuery({
    queryKey: [...versionsKey(def, id), 'compare', n, latest],
    queryFn: () => compareVersions(def, id, n, latest),
    retry: false,
  });
  const changes = (data?.changes ?? []).filter((c) => restorable(def, c.field));
  const choice = useRestoreChoice(props, changes);
  return (
    <Dialog
      open
      onClose={choice.busy ? undefined : onClose}
      fullScreen={small}
      maxWidth="sm"
      fullWidth
      aria-labelledby="restore-version-title"
    >
      <DialogTitle id="restore-version-title">{translate('app.versions.restore_title', { n })}</DialogTitle>
      <DialogContent>
        <Stack spacing={1.5}>
          <Typography variant="body2">{translate('app.versions.restore_intro')}</Typography>
          {isPending && <LinearProgress aria-label={translate('app.versions.loading')} />}
          {error && <Alert severity="error">{errorBody(error).error ?? translate('app.versions.load_error')}</Alert>}
          {data && !changes.length && <Alert severity="info">{translate('app.versions.nothing_to_restore')}</Alert>}
          {changes.map((c) => (
            <ChangeChoice
              key={c.field}
              props={props}
              change={c}
              filesUrl={data?.filesUrl ?? ''}
              ticked={!choice.unticked.has(c.field)}
              onToggle={() => choice.toggle(c.field)}
            />
          ))}
          {choice.failure && <Alert severity="error">{choice.failure}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={choice.busy}>
          {translate('ra.action.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={choice.restore}
          disabled={choice.busy || !choice.chosen.length}
          startIcon={choice.busy ? <CircularProgress size={16} /> : undefined}
        >
          {translate('app.versions.restore_confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
