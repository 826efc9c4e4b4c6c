import { Alert } from '@mui/material';
import { useLocale, useTranslate, type Identifier } from 'react-admin';
import type { ResourceDef } from '../../shared/resource';
import { usePresence } from './usePresence';

/** "Also open by Maria (since 10:42)": the other people with this record open, live; nothing when nobody is. */
export function PresenceLine({ def, id, inset = true }: { def: ResourceDef; id: Identifier; inset?: boolean }) {
  const translate = useTranslate();
  const locale = useLocale();
  const editors = usePresence(def, id);
  const time = (iso: string) =>
    new Date(iso).toLocaleTimeString(locale === 'el' ? 'el-GR' : 'en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const names = editors.map((e) => translate('app.presence.editor', { name: e.name, since: time(e.since) })).join(', ');
  // Always in the page, so a screen reader hears someone arrive (role=status is polite).
  return (
    <div role="status" data-testid="presence-line">
      {editors.length > 0 && (
        <Alert severity="info" sx={inset ? { mx: 3, mb: 1 } : { mb: 2 }}>
          {translate('app.presence.others', { names, smart_count: editors.length })}
        </Alert>
      )}
    </div>
  );
}
