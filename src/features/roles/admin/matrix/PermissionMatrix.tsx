import { useMemo, useState } from 'react';
import { Box, Button, CircularProgress, Stack, Tab, Tabs, Typography } from '@mui/material';
import SaveIcon from '@mui/icons-material/Save';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Title, useNotify, useTranslate } from 'react-admin';
import { errorBody } from '../../../../core/admin/api/ApiError';
import { LoadStatus } from '../../../../core/admin/generic/LoadStatus';
import { useAdminResources } from '../../../../core/admin/resources/AdminResources';
import { useMayCall } from '../../../../core/admin/generic/useMayCall';
import { takesAccessRules } from '../../../../core/shared/access-rules';
import {
  ACCESS_ROUTE,
  EXPLAIN_ROUTE,
  ExplainPanel,
  RuleButton,
  RuleDialog,
  copyRoleAccess,
  type RuleTarget,
} from '../../../access-rules/admin';
import { CopyRoleBar } from './CopyRoleBar';
import { MatrixTable } from './MatrixTable';
import { loadMatrix, saveRoleMenuEntries, saveRolePermissions } from './matrixApi';
import { changedRoles, copyRole, grantsOf, groupRows, resourceOfRoute, type Grants } from './matrixModel';

const KEY = ['app', 'permission-matrix'];

/**
 * The permission matrix: roles as columns, API permissions (by resource) or
 * menu entries (by menu group) as rows. Changes stay in a draft until Save,
 * which writes each changed role in one call per kind.
 */
export default function PermissionMatrix() {
  const translate = useTranslate();
  const t = (k: string, o?: Record<string, unknown>) => translate(`app.matrix.${k}`, o);
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { data, isPending, isFetching, error, refetch } = useQuery({ queryKey: KEY, queryFn: loadMatrix, retry: false, gcTime: 0 });
  const [tab, setTab] = useState<'api' | 'menu'>('api');
  const [saving, setSaving] = useState(false);
  // Superadmin roles hold everything whatever is linked: no column to tick.
  const roles = useMemo(() => (data?.roles ?? []).filter((r) => r.type !== 'superadmin'), [data]);
  const saved = useMemo(() => ({ api: grantsOf(roles, 'permission'), menu: grantsOf(roles, 'clientPermission') }), [roles]);
  // The draft belongs to what it was started from: a reload after Save starts a new one.
  // `copies`: role -> the role whose access rules it takes on Save.
  type Draft = { from: typeof saved; api: Grants; menu: Grants; copies: Record<string, string> };
  const [kept, setKept] = useState<Draft | null>(null);
  const draft: Draft = kept && kept.from === saved ? kept : { from: saved, ...saved, copies: {} };
  const may = useMayCall();
  const mayRules = may('GET', ACCESS_ROUTE) && may('PUT', ACCESS_ROUTE);
  const { resources } = useAdminResources();
  const [ruleTarget, setRuleTarget] = useState<RuleTarget | null>(null);
  const setDraft = (change: (d: Draft) => Draft) => setKept(change(draft));

  const groups = useMemo(
    () => ({
      api: groupRows(
        data?.permissions ?? [],
        (p) => resourceOfRoute(p.route),
        (p) => ({ _id: p._id, label: `${p.method} ${p.route}`, detail: p.description === `${p.method} ${p.route}` ? '' : p.description }),
      ),
      menu: groupRows(
        data?.entries ?? [],
        (e) => e.menu,
        (e) => ({ _id: e._id, label: e.name, detail: e.path }),
      ),
    }),
    [data],
  );
  const changed = { api: changedRoles(saved.api, draft.api), menu: changedRoles(saved.menu, draft.menu) };
  const changedCount = new Set([...changed.api, ...changed.menu, ...Object.keys(draft.copies)]).size;
  const dirty = changedCount > 0;

  const save = async () => {
    setSaving(true);
    try {
      for (const id of changed.api) await saveRolePermissions(id, [...draft.api[id]]);
      for (const id of changed.menu) await saveRoleMenuEntries(id, [...draft.menu[id]]);
      for (const [to, from] of Object.entries(draft.copies)) await copyRoleAccess(from, to);
      notify('app.matrix.saved', { type: 'success' });
    } catch (e) {
      notify(errorBody(e).error ?? t('save_error'), { type: 'error' });
    } finally {
      setSaving(false);
      await queryClient.invalidateQueries({ queryKey: KEY });
    }
  };
  // A copy takes the source's access rules too, when the user may read and write rules.
  const copy = (from: string, to: string) =>
    setDraft((d) => ({
      ...d,
      api: copyRole(d.api, from, to),
      menu: copyRole(d.menu, from, to),
      copies: mayRules ? { ...d.copies, [to]: from } : d.copies,
    }));
  // A resource's group (its routes' first segment) gets each role's rule button.
  const ruleAction = (role: { _id: string; name: string }, key: string, name: string) => {
    // A projection follows its source's rules, and a resource served by routes of its own takes none.
    const def = tab === 'api' && mayRules ? resources.list.find((r) => resourceOfRoute(r.api) === key && takesAccessRules(r)) : undefined;
    return def ? (
      <RuleButton
        role={role.name}
        resource={name}
        onOpen={() => setRuleTarget({ roleId: role._id, roleName: role.name, def, resourceName: name })}
      />
    ) : null;
  };
  // API rows are grouped by their route's first segment: a declared resource's (its translated name), or a route
  // of its own (audit-logs, edit-space-image...), named under app.matrix.groups.
  const groupLabel = (key: string) =>
    tab === 'api'
      ? translate(`app.matrix.groups.${key}`, { _: translate(`resources.${key}.name`, { smart_count: 2, _: key }) })
      : key === 'normal' || key === 'account'
        ? translate(key === 'normal' ? 'app.menu.general' : 'app.menu.account')
        : translate(`app.menu.groups.${key}`, { _: key });

  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, minWidth: 0 }} data-testid="permission-matrix">
      <Title title={t('title')} />
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1 }}>
        <Typography variant="h5" component="h1">
          {t('title')}
        </Typography>
        <Button
          variant="contained"
          startIcon={saving ? <CircularProgress size={16} color="inherit" /> : <SaveIcon />}
          disabled={!dirty || saving}
          onClick={save}
        >
          {changedCount ? t('save', { smart_count: changedCount }) : translate('ra.action.save')}
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('intro')}
      </Typography>
      <LoadStatus busy={isPending || isFetching} error={error} fallback={t('load_error')} onRetry={() => void refetch()} />
      {data && (
        <>
          {may('GET', EXPLAIN_ROUTE) && <ExplainPanel permissions={data.permissions} />}
          <Stack sx={{ gap: 1, mb: 1, alignItems: 'flex-start' }}>
            <Tabs value={tab} onChange={(_, v: 'api' | 'menu') => setTab(v)} aria-label={t('title')} sx={{ bgcolor: 'background.paper' }}>
              <Tab value="api" label={t('tab_api')} />
              <Tab value="menu" label={t('tab_menu')} />
            </Tabs>
            <CopyRoleBar roles={roles} onCopy={copy} />
          </Stack>
          <MatrixTable
            roles={roles}
            groups={groups[tab]}
            grants={draft[tab]}
            onChange={(g) => setDraft((d) => ({ ...d, [tab]: g }))}
            caption={t(tab === 'api' ? 'tab_api' : 'tab_menu')}
            groupLabel={groupLabel}
            groupAction={ruleAction}
          />
          {ruleTarget && <RuleDialog target={ruleTarget} onClose={() => setRuleTarget(null)} />}
        </>
      )}
    </Box>
  );
}
