import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  List,
  ListItem,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useLocaleState, useTranslate } from 'react-admin';
import { formatDateTime } from '../../../core/web/dates';
import { loadKeyHistory, type KeyChange } from './translationsApi';

/** Changes per page: a key rarely has more; older ones come on request. */
const PAGE = 20;

interface Props {
  lang: string;
  /** The key whose history is open; null: closed. */
  entryKey: string | null;
  onClose: () => void;
}

/**
 * A translation key's history: who changed it, when, from
 * what to what, newest first. Read from the audit trail through the route a
 * translator may call (the save permission), not the audit log's own.
 */
export function KeyHistoryDialog({ lang, entryKey, onClose }: Props) {
  const translate = useTranslate();
  const t = (k: string, o?: Record<string, unknown>) => translate(`app.translations.${k}`, o);
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const { data, error, isPending, isFetching, refetch, hasNextPage, fetchNextPage, isFetchingNextPage } = useInfiniteQuery({
    queryKey: ['app', 'translation-key-history', lang, entryKey],
    queryFn: ({ pageParam }) => loadKeyHistory(lang, entryKey ?? '', pageParam, PAGE),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page < last.pages ? last.page + 1 : undefined),
    enabled: entryKey !== null,
    retry: false,
    gcTime: 0,
  });
  const changes = data?.pages.flatMap((p) => p.data) ?? [];
  const titleId = 'key-history-title';
  return (
    <Dialog open={entryKey !== null} onClose={onClose} fullWidth maxWidth="sm" fullScreen={phone} aria-labelledby={titleId}>
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
        {t('history_title', { key: entryKey ?? '' })}
      </DialogTitle>
      <DialogContent dividers data-testid="key-history">
        {entryKey !== null && isPending && isFetching && <LinearProgress aria-label={t('history_loading')} />}
        {error && !isFetching && (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void refetch()}>
                {t('history_retry')}
              </Button>
            }
          >
            {t('history_failed')}
          </Alert>
        )}
        {data && !changes.length && <Typography color="text.secondary">{t('history_empty')}</Typography>}
        {changes.length > 0 && (
          <List disablePadding aria-label={t('history')}>
            {changes.map((c) => (
              <Change key={c._id} change={c} />
            ))}
          </List>
        )}
        {hasNextPage && (
          <Box sx={{ mt: 1 }}>
            <Button onClick={() => void fetchNextPage()} disabled={isFetchingNextPage}>
              {t('history_more')}
            </Button>
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

/** One save: who and when, then the text before and after (absent: "(none)"). */
function Change({ change }: { change: KeyChange }) {
  const translate = useTranslate();
  const [locale = 'en'] = useLocaleState();
  const t = (k: string, o?: Record<string, unknown>) => translate(`app.translations.${k}`, o);
  const side = (label: string, value: string | null, testId: string) => (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'baseline' }}>
      <Typography variant="caption" color="text.secondary" sx={{ minWidth: 40, flexShrink: 0 }}>
        {label}
      </Typography>
      <Typography
        variant="body2"
        data-testid={testId}
        color={value === null ? 'text.secondary' : undefined}
        sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontStyle: value === null ? 'italic' : undefined }}
      >
        {value ?? t('history_none')}
      </Typography>
    </Box>
  );
  return (
    <ListItem divider disableGutters sx={{ display: 'block', py: 1 }} data-testid="key-change">
      <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere', mb: 0.5 }}>
        {t('history_change', { who: change.actorEmail ?? t('history_nobody'), when: formatDateTime(change.at, locale) })}
      </Typography>
      {side(t('history_from'), change.before, 'change-before')}
      {side(t('history_to'), change.after, 'change-after')}
    </ListItem>
  );
}
