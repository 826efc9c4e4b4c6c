import { useEffect, useState } from 'react';
import { Box, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { AUDIT_ACTIONS } from '../contract';
import { useAdminResources } from '../../../core/admin/resources/AdminResources';
import type { AuditFilterValues } from './auditApi';
import { DayInput } from '../../../core/admin/dates/DayInput';

/** Typed filters wait this long after the last key before they apply. */
const DEBOUNCE_MS = 350;

type Key = 'q' | 'actor' | 'resource' | 'action' | 'from' | 'to';

/**
 * Search, actor, resource, action and a range of days. Selects are native
 * (keyboard and phone pickers for free); days are typed or picked in the
 * interface's format (`DayInput`); typed values apply after a pause.
 */
export function AuditFilterBar({ value, onChange }: { value: AuditFilterValues; onChange: (v: AuditFilterValues) => void }) {
  const translate = useTranslate();
  const t = (k: string, o?: Record<string, unknown>) => translate(`app.audit.${k}`, o);
  const { resources } = useAdminResources();
  const fromUrl = { q: value.q ?? '', actor: value.actor ?? '' };
  const [typed, setTyped] = useState(fromUrl);
  // The URL changed elsewhere (back button, a cleared filter): the boxes follow (React's "state from props" pattern).
  const [seen, setSeen] = useState(fromUrl);
  if (seen.q !== fromUrl.q || seen.actor !== fromUrl.actor) {
    setSeen(fromUrl);
    setTyped(fromUrl);
  }
  useEffect(() => {
    if (typed.q === (value.q ?? '') && typed.actor === (value.actor ?? '')) return;
    const timer = setTimeout(() => onChange({ ...value, ...typed }), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed, value, onChange]);
  const set = (k: Key, v: string) => onChange({ ...value, [k]: v });
  const names = resources.list.map((r) => r.name);
  const common = { size: 'small' as const, sx: { minWidth: 0 } };
  const native = { select: { native: true }, inputLabel: { shrink: true } };
  return (
    <Box
      component="form"
      role="search"
      aria-label={t('filters')}
      onSubmit={(e) => e.preventDefault()}
      // A grid, not wrapping flex items: a field alone on the last row keeps its column's width.
      sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(160px, 1fr))', gap: 1, mb: 1 }}
      data-testid="audit-filters"
    >
      <TextField
        {...common}
        label={t('search')}
        value={typed.q}
        onChange={(e) => setTyped((s) => ({ ...s, q: e.target.value }))}
        type="search"
      />
      <TextField
        {...common}
        label={t('actor')}
        helperText={t('actor_help')}
        value={typed.actor}
        onChange={(e) => setTyped((s) => ({ ...s, actor: e.target.value }))}
      />
      <TextField
        {...common}
        select
        slotProps={native}
        label={t('resource')}
        value={value.resource ?? ''}
        onChange={(e) => set('resource', e.target.value)}
      >
        <option value="">{t('any')}</option>
        {names.map((n) => (
          <option key={n} value={n}>
            {translate(`resources.${n}.name`, { smart_count: 2, _: n })}
          </option>
        ))}
      </TextField>
      <TextField
        {...common}
        select
        slotProps={native}
        label={t('action')}
        value={value.action ?? ''}
        onChange={(e) => set('action', e.target.value)}
      >
        <option value="">{t('any')}</option>
        {AUDIT_ACTIONS.map((a) => (
          <option key={a} value={a}>
            {t(`actions.${a}`, { _: a })}
          </option>
        ))}
      </TextField>
      <DayInput {...common} label={t('from')} value={value.from ?? ''} onChange={(day) => set('from', day)} />
      <DayInput {...common} label={t('to')} value={value.to ?? ''} onChange={(day) => set('to', day)} />
    </Box>
  );
}
