import { useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  TextField,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { errorBody } from '../../../core/admin/api/ApiError';
import { LoadStatus } from '../../../core/admin/generic/LoadStatus';
import { useAdminResources } from '../../../core/admin/resources/AdminResources';
import { readableFields, writableFields } from '../../../core/shared/api/crud';
import type { RoleAccess } from '../../../core/shared/access-rules';
import type { ResourceDef } from '../../../core/shared/resource';
import { loadRoleAccess, saveRoleAccess } from './accessApi';
import { FieldChecklist } from './FieldChecklist';
import { bodyOf, draftOf, partOf, type DraftPart, type DraftProblem, type RuleDraft } from './ruleDraft';

export interface RuleTarget {
  roleId: string;
  roleName: string;
  def: ResourceDef;
  /** The resource's name as the matrix shows it. */
  resourceName: string;
}

/** A server refusal as a problem under its part: `fields` names the path, else the whole rule. */
function refusalOf(e: unknown, resource: string, fallback: string): DraftProblem {
  const { error, errors } = errorBody(e);
  const [path, message] = Object.entries(errors ?? {})[0] ?? ['', error ?? fallback];
  return { part: partOf(path, resource), path, message: error && message !== error ? `${error} ${message}` : message };
}

function ConditionField({
  part,
  label,
  help,
  draft,
  setDraft,
  problem,
  inputRef,
}: {
  part: 'where' | 'writeWhere';
  label: string;
  help: string;
  draft: RuleDraft;
  setDraft: (d: RuleDraft) => void;
  problem: DraftProblem | null;
  inputRef?: React.Ref<HTMLTextAreaElement>;
}) {
  const here = problem?.part === part ? problem : null;
  return (
    <TextField
      label={label}
      value={draft[part]}
      onChange={(e) => setDraft({ ...draft, [part]: e.target.value })}
      multiline
      minRows={3}
      fullWidth
      error={Boolean(here)}
      helperText={here ? `${here.path}: ${here.message}` : help}
      slotProps={{ htmlInput: { spellCheck: false, 'data-testid': `rule-${part}`, style: { fontFamily: 'monospace' } } }}
      inputRef={inputRef}
      sx={{ mb: 2 }}
    />
  );
}

/** The rule's four parts, and what went wrong with them. */
function RuleForm({
  target,
  draft,
  setDraft,
  problem,
}: {
  target: RuleTarget;
  draft: RuleDraft;
  setDraft: (d: RuleDraft) => void;
  problem: DraftProblem | null;
}) {
  const translate = useTranslate();
  const t = (k: string) => translate(`app.access.${k}`);
  const msg = (part: DraftPart) => (problem?.part === part ? `${problem.path}: ${problem.message}` : undefined);
  const { def } = target;
  return (
    <>
      {problem && problem.part === null && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {problem.path ? `${problem.path}: ${problem.message}` : problem.message}
        </Alert>
      )}
      <FieldChecklist
        id="rule-read"
        def={def}
        legend={t('read_fields')}
        fields={readableFields(def)}
        all={draft.readAll}
        chosen={draft.read}
        problem={msg('read')}
        onChange={(readAll, read) => setDraft({ ...draft, readAll, read })}
      />
      <FieldChecklist
        id="rule-write"
        def={def}
        legend={t('write_fields')}
        fields={writableFields(def).map(([f]) => f)}
        all={draft.writeAll}
        chosen={draft.write}
        problem={msg('write')}
        onChange={(writeAll, write) => setDraft({ ...draft, writeAll, write })}
      />
      <ConditionField part="where" label={t('where')} help={t('where_help')} draft={draft} setDraft={setDraft} problem={problem} />
      <ConditionField
        part="writeWhere"
        label={t('write_where')}
        help={t('write_where_help')}
        draft={draft}
        setDraft={setDraft}
        problem={problem}
      />
    </>
  );
}

/**
 * One role's access rule for one resource: the fields it reads and writes
 * and the records it reads and changes. Save replaces the role's rules
 * (loaded first) with this resource's changed; the JSON is checked with the
 * server's own check before it is sent.
 */
export function RuleDialog({ target, onClose }: { target: RuleTarget; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const { resources } = useAdminResources();
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const query = useQuery({
    queryKey: ['app', 'role-access', target.roleId],
    queryFn: () => loadRoleAccess(target.roleId),
    retry: false,
    gcTime: 0,
  });
  const [edited, setDraft] = useState<RuleDraft | null>(null);
  const [problem, setProblem] = useState<DraftProblem | null>(null);
  const [saving, setSaving] = useState(false);
  const content = useRef<HTMLDivElement>(null);
  const draft = edited ?? (query.data ? draftOf(query.data.resources[target.def.name]) : null);
  const showProblem = (p: DraftProblem) => {
    setProblem(p);
    // The offending part gets the focus, so its message is read out, and is scrolled into view with the message under it.
    setTimeout(() => {
      // A condition's test id is on its textarea; a field list's on the group around its checkboxes.
      const part = `[data-testid=rule-${p.part}]`;
      const at = content.current?.querySelector<HTMLElement>(p.part ? `textarea${part}, ${part} input` : '[role=alert]');
      at?.focus();
      at?.closest('.MuiFormControl-root, fieldset, [role=alert]')?.scrollIntoView({ block: 'nearest' });
    }, 0);
  };
  const save = async (all: RoleAccess, d: RuleDraft) => {
    const result = bodyOf(all, target.def, d, (n) => resources.find(n));
    // The problem in the user's language: a refused rule by its key, JSON that does not parse by the parser's words.
    if (result.problem) {
      const { key, values = {}, message } = result.problem;
      const text = key
        ? translate(`app.access.problems.${key}`, { ...values, _: message })
        : translate('app.access.not_json', { detail: message });
      return showProblem({ ...result.problem, message: text });
    }
    setSaving(true);
    try {
      await saveRoleAccess(target.roleId, result.body);
      notify('app.access.saved', { type: 'success' });
      onClose();
    } catch (e) {
      showProblem(refusalOf(e, target.def.name, translate('app.access.save_error')));
    } finally {
      setSaving(false);
    }
  };
  const title = translate('app.access.dialog_title', { role: target.roleName, resource: target.resourceName });
  return (
    <Dialog open onClose={onClose} fullWidth fullScreen={small} maxWidth="sm" aria-labelledby="rule-dialog-title" data-testid="rule-dialog">
      <DialogTitle id="rule-dialog-title">{title}</DialogTitle>
      <DialogContent ref={content} dividers>
        <LoadStatus
          busy={query.isPending}
          error={query.error}
          fallback={translate('app.access.load_error')}
          onRetry={() => void query.refetch()}
        />
        {draft && (
          <RuleForm
            target={target}
            draft={draft}
            setDraft={(d) => {
              setDraft(d);
              setProblem(null);
            }}
            problem={problem}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button
          variant="contained"
          disabled={!draft || !query.data || saving}
          startIcon={saving ? <CircularProgress size={16} color="inherit" /> : undefined}
          onClick={() => query.data && draft && void save(query.data, draft)}
        >
          {translate('ra.action.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
