import { Box, Chip, List, ListItem, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import type { AuditEntry } from '../contract';
import { formatDateTime } from '../../../core/web/dates';
import { DiffView } from './DiffView';

/**
 * Audit entries, newest first, one block each: when, who, what, on which
 * record, then the diff. A list, not a table: it reads the same at 390 px.
 */
export function AuditEntryList({ entries, showRecord = true }: { entries: readonly AuditEntry[]; showRecord?: boolean }) {
  const translate = useTranslate();
  const [locale = 'en'] = useLocaleState();
  const t = (k: string, o?: Record<string, unknown>) => translate(`app.audit.${k}`, o);
  if (!entries.length) return <Typography color="text.secondary">{t('none')}</Typography>;
  return (
    <List disablePadding aria-label={t('entries_label')}>
      {entries.map((e) => {
        const when = formatDateTime(e.at, locale);
        const resource = translate(`resources.${e.resource}.name`, { smart_count: 1, _: e.resource });
        return (
          <ListItem key={e._id} divider disableGutters sx={{ display: 'block', py: 1 }} data-testid="audit-entry">
            <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 0.5 }}>
              <Chip size="small" label={t(`actions.${e.action}`, { _: e.action })} variant="outlined" />
              <Typography
                variant="body2"
                component="span"
                sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
                title={showRecord && e.recordLabel && e.recordId ? e.recordId : undefined}
              >
                {/* The record by its name while it exists (the id stays searchable and in the export), else by its id. */}
                {showRecord ? `${resource}${e.recordId ? ` · ${e.recordLabel ?? e.recordId}` : ''}` : resource}
              </Typography>
            </Box>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere', mb: 0.5 }}>
              {[
                <time key="at" dateTime={e.at}>
                  {when}
                </time>,
                ' · ',
                // Nobody acting and no address: the server's own work (a scheduled purge), not a visitor.
                e.actorEmail ?? t(e.actorId || e.ip ? 'nobody' : 'server'),
                e.tokenName ? ` · ${t('via_token', { name: e.tokenName })}` : '',
                e.ip ? ` · ${t('address', { ip: e.ip })}` : '',
              ]}
            </Typography>
            <DiffView resource={e.resource} diff={e.diff} />
          </ListItem>
        );
      })}
    </List>
  );
}
