import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormLabel,
  LinearProgress,
  Radio,
  RadioGroup,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { visuallyHidden } from '@mui/utils';
import { useLocaleState, useRefresh, useTranslate } from 'react-admin';
import { fieldLabel, type ResourceDef } from '../../../core/shared/resource';
import { writableFields } from '../../../core/shared/api/crud';
import { errorBody, errorStatus } from '../../../core/admin/api/ApiError';
import type { ImportAction, ImportStatusBody } from '../contract';
import { importApi } from './importApi';
import { onImport } from './importEvents';

/** The column that carries a record's id: a key, never written (the server's `ID_COLUMN`). */
const ID_COLUMN = '_id';
/** Errors shown in the dialog; all of them are in the errors file. */
const ERRORS_LISTED = 10;
/**
 * The state read again while a run goes on: only a fallback, for when the
 * notification stream is down (its events carry the progress); slow, so a
 * long run costs little, yet nothing waits longer than this for its end.
 */
const FALLBACK_POLL_MS = 5000;

type Mapping = Record<string, string | null>;
type Translate = ReturnType<typeof useTranslate>;
type Step = 'file' | 'mapping' | 'run';

interface Props {
  def: ResourceDef;
  may: { create: boolean; update: boolean };
  onClose: () => void;
}

/** '12.3 kB' in the admin's language. */
function sizeOf(bytes: number, locale: string): string {
  const n = (v: number, digits = 0) => new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(v);
  if (bytes < 1024) return `${n(bytes)} B`;
  if (bytes < 1024 * 1024) return `${n(bytes / 1024, 1)} kB`;
  return `${n(bytes / 1024 / 1024, 1)} MB`;
}

/** Row counts as the admin's language writes them ('21,400' in English, '21.400' in Greek). */
function useCount(): (v: number) => string {
  const [locale] = useLocaleState();
  const format = useMemo(() => new Intl.NumberFormat(locale), [locale]);
  return (v) => format.format(v);
}

/** The API's own message (in the language the upload asked for), else a general one. */
function messageOf(translate: Translate, e: unknown): string {
  const said = errorBody(e).error;
  if (said) return said;
  if (errorStatus(e) === 413) return translate('app.imports.too_large');
  return translate('app.imports.failed_call');
}

const running = (s: ImportStatusBody | null) => s?.state === 'queued' || s?.state === 'running';

/**
 * What a status read while a run goes on changes on screen: nothing when the
 * screen is ahead of it. A poll's answer can be older than the last event
 * (read before that batch committed), and a run's rows done never go back.
 */
const newer = (now: ImportStatusBody | null, read: ImportStatusBody) =>
  now && running(now) && running(read) && now.mode === read.mode && now.progress.rows > read.progress.rows ? now : read;

/** Step 1: the file, its name and size, uploaded on 'Upload' (a 409 asks before uploading it again). */
function FileStep({
  file,
  onFile,
  busy,
  again,
  locale,
}: {
  file: File | null;
  onFile: (f: File | null) => void;
  busy: boolean;
  again: boolean;
  locale: string;
}) {
  const translate = useTranslate();
  const inputId = useId();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Typography variant="body2">{translate('app.imports.file_help')}</Typography>
      {/* A real file input, kept for the keyboard and screen readers; its label is what shows (in the admin's language, where the browser's own button would not be). */}
      <Box
        component="label"
        htmlFor={inputId}
        sx={{
          alignSelf: 'flex-start',
          display: 'inline-flex',
          alignItems: 'center',
          gap: 1,
          px: 2,
          py: 1,
          border: 1,
          borderColor: 'primary.main',
          borderRadius: 1,
          color: 'primary.main',
          cursor: busy ? 'default' : 'pointer',
          fontWeight: 500,
          opacity: busy ? 0.6 : 1,
          '&:hover': { bgcolor: 'action.hover' },
          '&:has(input:focus-visible)': { outline: 2, outlineStyle: 'solid', outlineColor: 'primary.main', outlineOffset: 2 },
        }}
      >
        <UploadFileIcon fontSize="small" aria-hidden />
        {translate('app.imports.file_label')}
        <Box
          component="input"
          id={inputId}
          type="file"
          accept=".csv,.json,.jsonl,text/csv,application/json"
          disabled={busy}
          onChange={(e: React.ChangeEvent<HTMLInputElement>) => onFile(e.target.files?.[0] ?? null)}
          sx={visuallyHidden}
          data-testid="import-file-input"
        />
      </Box>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }} data-testid="import-file-info" aria-live="polite">
        {file ? translate('app.imports.file_info', { name: file.name, size: sizeOf(file.size, locale) }) : translate('app.imports.no_file')}
      </Typography>
      {busy && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }} role="status">
          <CircularProgress size={20} aria-hidden />
          <Typography variant="body2">{translate('app.imports.uploading')}</Typography>
        </Box>
      )}
      {again && <Alert severity="warning">{translate('app.imports.already_ask')}</Alert>}
    </Box>
  );
}

/** Step 2: each column of the file to a field (or left out), what to do, by which key, and all or nothing. */
function MappingStep({
  def,
  columns,
  rows,
  mapping,
  onMapping,
  actions,
  action,
  onAction,
  keys,
  keyField,
  onKey,
  atomic,
  onAtomic,
}: {
  def: ResourceDef;
  columns: string[];
  rows: number;
  mapping: Mapping;
  onMapping: (m: Mapping) => void;
  actions: ImportAction[];
  action: ImportAction;
  onAction: (a: ImportAction) => void;
  /** The mapped fields that can find a record: `_id` and unique fields. */
  keys: string[];
  keyField: string;
  onKey: (k: string) => void;
  atomic: boolean;
  onAtomic: (a: boolean) => void;
}) {
  const translate = useTranslate();
  const label = (f: string) =>
    f === ID_COLUMN ? translate('app.imports.id') : translate(fieldLabel(def.name, f, def.fields[f]), { _: f });
  const fields = writableFields(def).map(([f]) => f);
  const actionId = useId();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography variant="body2">{translate('app.imports.found', { rows, columns: columns.length })}</Typography>
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
          {translate('app.imports.mapping')}
        </Typography>
        {columns.map((c) => (
          <TextField
            key={c}
            select
            size="small"
            label={translate('app.imports.column', { name: c })}
            value={mapping[c] ?? ''}
            onChange={(e) => onMapping({ ...mapping, [c]: e.target.value || null })}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            data-testid={`import-map-${c}`}
          >
            <option value="">{translate('app.imports.skip')}</option>
            <option value={ID_COLUMN}>{label(ID_COLUMN)}</option>
            {fields.map((f) => (
              <option key={f} value={f}>
                {label(f)}
              </option>
            ))}
          </TextField>
        ))}
      </Box>
      <FormControl>
        <FormLabel id={actionId}>{translate('app.imports.action')}</FormLabel>
        <RadioGroup aria-labelledby={actionId} value={action} onChange={(e) => onAction(e.target.value as ImportAction)}>
          {actions.map((a) => (
            <FormControlLabel key={a} value={a} control={<Radio />} label={translate(`app.imports.action_${a}`)} />
          ))}
        </RadioGroup>
      </FormControl>
      {action !== 'create' &&
        (keys.length ? (
          <TextField
            select
            size="small"
            label={translate('app.imports.key')}
            value={keyField}
            onChange={(e) => onKey(e.target.value)}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            {keys.map((k) => (
              <option key={k} value={k}>
                {label(k)}
              </option>
            ))}
          </TextField>
        ) : (
          <Alert severity="warning">{translate('app.imports.no_key')}</Alert>
        ))}
      <FormControlLabel
        control={<Checkbox checked={atomic} onChange={(e) => onAtomic(e.target.checked)} />}
        label={translate('app.imports.atomic')}
      />
    </Box>
  );
}

/** Rows done of all, as a bar with an accessible name and as text. */
function Progress({ status }: { status: ImportStatusBody }) {
  const translate = useTranslate();
  const count = useCount();
  const { rows: done, total: all } = status.progress;
  const rows = count(done);
  const total = count(all);
  const value = all ? Math.min(100, (done / all) * 100) : 0;
  const name = translate(status.mode === 'commit' ? 'app.imports.progress_commit' : 'app.imports.progress_dry');
  const nameId = useId();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Typography variant="subtitle1" sx={{ fontWeight: 600 }} id={nameId}>
        {name}
      </Typography>
      <LinearProgress
        variant={status.state === 'queued' ? 'indeterminate' : 'determinate'}
        value={value}
        // Named by the heading (the theme's default names every bar after the app's loading label).
        aria-labelledby={nameId}
        aria-valuetext={translate('app.imports.rows_done', { rows, total })}
      />
      <Typography variant="body2" role="status">
        {status.state === 'queued' ? translate('app.imports.queued') : translate('app.imports.rows_done', { rows, total })}
      </Typography>
    </Box>
  );
}

/** The counts of a dry run ('to create') or of a commit ('created'). */
function Counts({ status }: { status: ImportStatusBody }) {
  const translate = useTranslate();
  const count = useCount();
  const prefix = status.mode === 'commit' ? 'app.imports.done_' : 'app.imports.dry_';
  const counts = ['created', 'updated', 'unchanged', 'failed'] as const;
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: 'auto auto', justifyContent: 'start', columnGap: 3, rowGap: 0.5, m: 0 }}
    >
      {counts.map((c) => (
        <Box key={c} sx={{ display: 'contents' }} data-testid={`import-count-${c}`}>
          <Box component="dt">{translate(`${prefix}${c}`)}</Box>
          <Box component="dd" sx={{ m: 0, fontWeight: 600, textAlign: 'end' }}>
            {count(status.result[c])}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

/** The first errors (line, column, value, message) and the link to all of them. */
function Errors({ status, onDownload, busy }: { status: ImportStatusBody; onDownload: () => void; busy: boolean }) {
  const translate = useTranslate();
  if (!status.errorCount) return null;
  const shown = status.errors.slice(0, ERRORS_LISTED);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {translate('app.imports.first_errors', { shown: shown.length, total: status.errorCount })}
      </Typography>
      <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={translate('app.imports.errors_table')}>
        <Table size="small" data-testid="import-errors">
          <TableHead>
            <TableRow>
              <TableCell>{translate('app.imports.line')}</TableCell>
              <TableCell>{translate('app.imports.column_head')}</TableCell>
              <TableCell>{translate('app.imports.value')}</TableCell>
              <TableCell>{translate('app.imports.message')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.map((e, i) => (
              <TableRow key={`${e.line}-${e.column ?? ''}-${i}`}>
                <TableCell>{e.line}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{e.column ?? ''}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{e.value ?? ''}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{e.message}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      <Box>
        <Button size="small" variant="outlined" startIcon={<DownloadIcon />} onClick={onDownload} disabled={busy}>
          {translate('app.imports.errors_file')}
        </Button>
      </Box>
    </Box>
  );
}

/** What a finished run says: its counts, why it stopped, its errors. */
function Summary({ status, onDownload, busy }: { status: ImportStatusBody; onDownload: () => void; busy: boolean }) {
  const translate = useTranslate();
  const commit = status.mode === 'commit';
  const title =
    status.state === 'cancelled'
      ? 'app.imports.cancelled'
      : status.state === 'failed'
        ? 'app.imports.failed'
        : commit
          ? 'app.imports.done_title'
          : 'app.imports.dry_title';
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }} data-testid="import-summary">
      <Alert severity={status.state === 'done' ? (status.result.failed ? 'warning' : 'success') : 'error'} role="status">
        {translate(title)}
        {status.message && status.state !== 'done' ? ` ${status.message}` : ''}
      </Alert>
      <Counts status={status} />
      <Errors status={status} onDownload={onDownload} busy={busy} />
    </Box>
  );
}

/** The steps' buttons, right-aligned, wrapping on a phone. */
function Actions({ children }: { children: ReactNode }) {
  return (
    <DialogActions sx={{ flexWrap: 'wrap', gap: 1, px: 3, pb: 2, '& > :not(style) ~ :not(style)': { ml: 0 } }}>{children}</DialogActions>
  );
}

/**
 * Import a CSV or JSON file into a list's resource, as steps: choose and
 * upload the file; check the mapping, action, key and all-or-nothing; a dry
 * run with its summary and first errors; the import itself after a
 * confirmation, its progress (cancellable) and its result. Closing after a
 * commit refreshes the list.
 */
export default function ImportDialog({ def, may, onClose }: Props) {
  const translate = useTranslate();
  const refresh = useRefresh();
  const [locale] = useLocaleState();
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const calls = useMemo(() => importApi(def, locale), [def, locale]);
  const actions = (['create', 'update', 'upsert'] as const).filter((a) =>
    a === 'create' ? may.create : a === 'update' ? may.update : may.create && may.update,
  );
  const [step, setStep] = useState<Step>('file');
  const [file, setFile] = useState<File | null>(null);
  const [again, setAgain] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [upload, setUpload] = useState<{ id: string; columns: string[]; rows: number } | null>(null);
  const [mapping, setMapping] = useState<Mapping>({});
  const [action, setAction] = useState<ImportAction>(actions[0] ?? 'create');
  const [keyField, setKeyField] = useState('');
  const [atomic, setAtomic] = useState(false);
  const [status, setStatus] = useState<ImportStatusBody | null>(null);
  const [asking, setAsking] = useState(false);
  const [committed, setCommitted] = useState(false);
  const stepLine = useRef<HTMLElement>(null);
  const question = useRef<HTMLDivElement>(null);
  const plural = translate(`resources.${def.name}.name`, { smart_count: 2, _: def.name });

  // While a run is queued or running: its progress from the notification stream (the bell keeps it open for
  // the whole admin), the full state (counts, errors) read once it ends, and a slow poll in case the stream is down.
  const id = upload?.id;
  const live = running(status);
  useEffect(() => {
    if (!id || !live) return;
    let stop = false;
    const read = () =>
      calls.get(id).then(
        (s) => {
          if (!stop) setStatus((now) => newer(now, s));
        },
        () => undefined,
      );
    const off = onImport((e) => {
      if (stop || e.id !== id) return;
      // The event has the counts, not the errors: the end is read whole.
      if (e.state !== 'queued' && e.state !== 'running') return void read();
      // Only onto the run on screen: an event of the run before it (late) changes nothing.
      setStatus((now) =>
        now && running(now) && now.mode === e.mode ? { ...now, state: e.state, progress: e.progress, result: e.result } : now,
      );
    });
    // Read once now: what happened before this listened (a small file can be done before the run's answer arrives).
    void read();
    const timer = setInterval(() => void read(), FALLBACK_POLL_MS);
    return () => {
      stop = true;
      off();
      clearInterval(timer);
    };
  }, [calls, id, live]);

  const attempt = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (e) {
      setError(messageOf(translate, e));
    } finally {
      setBusy(false);
    }
  };

  const send = (confirm: boolean) =>
    attempt(async () => {
      if (!file) return;
      try {
        const up = await calls.upload(file, confirm);
        setUpload({ id: up.id, columns: up.columns, rows: up.rows });
        setMapping(up.mapping);
        const mapped = Object.values(up.mapping);
        setKeyField(mapped.includes(ID_COLUMN) ? ID_COLUMN : '');
        setAgain(false);
        setStep('mapping');
      } catch (e) {
        // Imported before: asked (in the screen's words, not the API's), then sent again with `?confirm=true`.
        if (errorStatus(e) !== 409 || confirm) throw e;
        setAgain(true);
      }
    });

  const keys = [ID_COLUMN, ...writableFields(def).flatMap(([f, d]) => (d.unique === true ? [f] : []))].filter((k) =>
    Object.values(mapping).includes(k),
  );
  const key = keys.includes(keyField) ? keyField : keys[0];
  const start = (mode: 'dry-run' | 'commit') =>
    attempt(async () => {
      if (!upload) return;
      setAsking(false);
      // Only the mapped columns: an unmapped one is left out, as the API reads it, and a column named
      // `__proto__` sent even as null makes the JSON body one the server refuses.
      const mapped = Object.fromEntries(Object.entries(mapping).filter(([, field]) => field));
      const body = { mode, action, atomic, mapping: mapped, ...(action !== 'create' && key ? { key } : {}) };
      setStatus(await calls.run(upload.id, body));
      if (mode === 'commit') setCommitted(true);
      setStep('run');
    });
  const cancel = () =>
    attempt(async () => {
      if (upload) setStatus(await calls.cancel(upload.id));
    });
  const download = () =>
    attempt(async () => {
      if (upload) await calls.downloadErrors(upload.id);
    });
  const close = () => {
    if (live) return;
    if (committed) refresh();
    onClose();
  };

  // A new step (or a run that ended) takes the focus from a button that is gone, and says where the user is.
  const phase = `${step}-${status?.mode ?? ''}-${live ? 'live' : 'still'}-${asking ? 'asking' : ''}`;
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    // The question, when asked; else where the user is.
    (asking ? question : stepLine).current?.focus();
  }, [phase, asking]);

  const dryDone = step === 'run' && status && !live && status.mode === 'dry-run';
  const toWrite = status ? status.result.created + status.result.updated : 0;
  return (
    <Dialog open onClose={close} fullWidth fullScreen={small} maxWidth="sm" aria-labelledby="import-dialog-title">
      <DialogTitle id="import-dialog-title">{translate('app.imports.title', { name: plural })}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Typography variant="body2" color="text.secondary" data-testid="import-step" ref={stepLine} tabIndex={-1} sx={{ outline: 'none' }}>
          {translate(`app.imports.step_${step === 'run' ? (status?.mode === 'commit' ? 'commit' : 'dry') : step}`)}
        </Typography>
        {error && (
          <Alert severity="error" role="alert" data-testid="import-error">
            {error}
          </Alert>
        )}
        {step === 'file' && (
          <FileStep file={file} onFile={(f) => (setFile(f), setAgain(false), setError(null))} busy={busy} again={again} locale={locale} />
        )}
        {step === 'mapping' && upload && (
          <MappingStep
            def={def}
            columns={upload.columns}
            rows={upload.rows}
            mapping={mapping}
            onMapping={setMapping}
            actions={actions}
            action={action}
            onAction={setAction}
            keys={keys}
            keyField={key ?? ''}
            onKey={setKeyField}
            atomic={atomic}
            onAtomic={setAtomic}
          />
        )}
        {step === 'run' && status && (live ? <Progress status={status} /> : <Summary status={status} onDownload={download} busy={busy} />)}
        {asking && status && (
          <Alert severity="info" role="alertdialog" aria-labelledby="import-confirm-text" ref={question} tabIndex={-1}>
            <span id="import-confirm-text">{translate('app.imports.confirm', { rows: toWrite, name: plural })}</span>
          </Alert>
        )}
      </DialogContent>
      <Actions>
        {step === 'file' && (
          <>
            <Button onClick={close}>{translate('ra.action.cancel')}</Button>
            {again ? (
              <Button variant="contained" onClick={() => void send(true)} disabled={busy || !file}>
                {translate('app.imports.upload_again')}
              </Button>
            ) : (
              <Button variant="contained" onClick={() => void send(false)} disabled={busy || !file}>
                {translate('app.imports.upload')}
              </Button>
            )}
          </>
        )}
        {step === 'mapping' && (
          <>
            <Button onClick={close}>{translate('ra.action.cancel')}</Button>
            <Button variant="contained" onClick={() => void start('dry-run')} disabled={busy || (action !== 'create' && !key)}>
              {translate('app.imports.dry_run')}
            </Button>
          </>
        )}
        {step === 'run' && live && (
          <Button onClick={() => void cancel()} disabled={busy} color="error" variant="outlined">
            {translate('app.imports.cancel')}
          </Button>
        )}
        {dryDone && !asking && (
          <>
            <Button onClick={close}>{translate('app.imports.close')}</Button>
            <Button onClick={() => (setStep('mapping'), setStatus(null))}>{translate('app.imports.back')}</Button>
            <Button variant="contained" onClick={() => setAsking(true)} disabled={busy || status.state !== 'done' || toWrite === 0}>
              {translate('app.imports.commit')}
            </Button>
          </>
        )}
        {dryDone && asking && (
          <>
            <Button onClick={() => setAsking(false)}>{translate('app.imports.not_now')}</Button>
            <Button variant="contained" onClick={() => void start('commit')} disabled={busy}>
              {translate('app.imports.confirm_yes')}
            </Button>
          </>
        )}
        {step === 'run' && status && !live && status.mode === 'commit' && (
          <Button variant="contained" onClick={close}>
            {translate('app.imports.close')}
          </Button>
        )}
      </Actions>
    </Dialog>
  );
}
