import { Box, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import type { AuditDiff } from '../contract';
import { formatDateTime } from '../../../core/web/dates';
import { formatValue } from './formatValue';

/**
 * A change, field by field: "Name: Ann → Anna"; lists say what was added
 * and removed. The old value is a <del>, the new an <ins>, so assistive
 * technology hears which is which.
 */
export function DiffView({ resource, diff }: { resource: string; diff: AuditDiff | null }) {
  const translate = useTranslate();
  const [locale = 'en'] = useLocaleState();
  const t = (k: string, o?: Record<string, unknown>) => translate(`app.audit.${k}`, o);
  const empty = t('empty');
  const yesNo = (b: boolean) => translate(b ? 'ra.boolean.true' : 'ra.boolean.false');
  const show = (v: unknown) => formatValue(v, empty, yesNo, (iso) => formatDateTime(iso, locale));
  const entries = Object.entries(diff ?? {});
  if (!entries.length) return null;
  // Fields by their translated label where the locale names them (declared fields, an invite's, the sign-in
  // events' details), else as they are: a translation's diff, keyed by translation keys, has no labels.
  const label = (field: string) => translate(`resources.${resource}.fields.${field}`, { _: field });
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'minmax(0, auto) minmax(0, 1fr)', columnGap: 1.5, rowGap: 0.25 }}>
      {entries.map(([field, change]) => (
        <Box key={field} sx={{ display: 'contents' }} data-testid="audit-diff-row">
          <Typography component="dt" variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {label(field)}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {change.added || change.removed ? (
              <>
                {change.added?.length ? (
                  <Box component="ins" sx={{ textDecoration: 'none', display: 'block' }}>
                    {t('added', { items: show(change.added) })}
                  </Box>
                ) : null}
                {change.removed?.length ? (
                  <Box component="del" sx={{ display: 'block' }}>
                    {t('removed', { items: show(change.removed) })}
                  </Box>
                ) : null}
              </>
            ) : (
              <>
                {'before' in change && (
                  <>
                    <Box component="del" sx={{ color: 'text.secondary' }}>
                      {show(change.before)}
                    </Box>
                    <Box component="span" aria-hidden sx={{ px: 0.75 }}>
                      →
                    </Box>
                  </>
                )}
                <Box component="ins" sx={{ textDecoration: 'none' }}>
                  {show(change.after)}
                </Box>
              </>
            )}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
