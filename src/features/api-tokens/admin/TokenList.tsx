import { useState } from 'react';
import { Box, Button, Chip, List, ListItem, ListItemIcon, ListItemText, Typography } from '@mui/material';
import KeyIcon from '@mui/icons-material/Key';
import { useLocaleState, useTranslate } from 'react-admin';
import { Confirm } from '../../../core/admin/generic/Confirm';
import { formatDate, formatDateTime } from '../../../core/web/dates';
import type { TokenView } from './tokensApi';

/** Tokens, one per line: name, scope, created, expiry and last use; a revoke button each (after a confirmation). */
export function TokenList({
  tokens,
  onRevoke,
  busy,
}: {
  tokens: readonly TokenView[];
  onRevoke?: (t: TokenView) => void;
  busy?: string | null;
}) {
  const translate = useTranslate();
  const [locale = 'en'] = useLocaleState();
  const [confirm, setConfirm] = useState<TokenView | null>(null);
  const t = (k: string, o?: Record<string, unknown>) => translate(`app.api_tokens.${k}`, o);
  if (tokens.length === 0) return <Typography color="text.secondary">{t('none')}</Typography>;
  const lastUse = (x: TokenView) =>
    !x.lastUsedAt
      ? t('never_used')
      : x.lastIp
        ? t('last_used_from', { when: formatDateTime(x.lastUsedAt, locale), ip: x.lastIp })
        : t('last_used', { when: formatDateTime(x.lastUsedAt, locale) });
  return (
    <>
      <List dense disablePadding aria-label={t('list_label')}>
        {tokens.map((x) => (
          <ListItem key={x._id} divider disableGutters sx={{ flexWrap: 'wrap', gap: 1 }} data-testid="token-row">
            <ListItemIcon sx={{ minWidth: 36 }}>
              <KeyIcon />
            </ListItemIcon>
            <ListItemText
              sx={{ flex: '1 1 220px', minWidth: 0 }}
              primary={
                <Box component="span" sx={{ display: 'inline-flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                  <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
                    {x.name}
                  </Box>
                  <Chip
                    size="small"
                    variant="outlined"
                    label={x.permissionIds ? t('scope_count', { smart_count: x.permissionIds.length }) : t('scope_everything')}
                  />
                  {x.readOnly && <Chip size="small" variant="outlined" label={t('read_only_chip')} />}
                </Box>
              }
              secondary={[
                t('created_at', { when: formatDate(x.createdAt, locale) }),
                x.expiresAt ? t('expires_at', { when: formatDate(x.expiresAt, locale) }) : t('never_expires'),
                lastUse(x),
              ].join(' · ')}
            />
            {onRevoke && (
              <Button
                size="small"
                variant="outlined"
                color="error"
                disabled={busy === x._id}
                onClick={() => setConfirm(x)}
                aria-label={`${t('revoke')}: ${x.name}`}
              >
                {t('revoke')}
              </Button>
            )}
          </ListItem>
        ))}
      </List>
      <Confirm
        isOpen={confirm !== null}
        title={t('revoke_title')}
        content={t('revoke_confirm', { name: confirm?.name ?? '' })}
        confirm={t('revoke')}
        onConfirm={() => {
          if (confirm) onRevoke?.(confirm);
          setConfirm(null);
        }}
        onClose={() => setConfirm(null)}
      />
    </>
  );
}
