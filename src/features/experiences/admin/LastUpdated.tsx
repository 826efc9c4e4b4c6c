import { useEffect, useState } from 'react';
import { Box, IconButton, Tooltip, Typography } from '@mui/material';
import RefreshIcon from '@mui/icons-material/Refresh';
import { useListContext, useLocaleState, useTranslate } from 'react-admin';
import { relativeTime } from './relativeTime';

/** A refresh button and when the list was last fetched, kept current every 15 s. */
export function LastUpdated() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { data, refetch, isFetching } = useListContext();
  const [now, setNow] = useState(() => Date.now());
  // A new data array means a finished fetch (react-query keeps it stable otherwise):
  // the time is taken when it arrives (set while rendering, not in an effect).
  const [fetched, setFetched] = useState({ data, at: now });
  if (data && fetched.data !== data) setFetched(() => ({ data, at: Date.now() }));
  const at = fetched.at;
  useEffect(() => {
    const t = window.setInterval(() => setNow(Date.now()), 15000);
    return () => window.clearInterval(t);
  }, []);
  const label = translate('app.experiences.refresh');
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
      <Typography variant="body2" color="text.secondary" data-testid="last-updated">
        {translate('app.experiences.last_updated', { when: relativeTime(at, Math.max(now, at), locale) })}
      </Typography>
      <Tooltip title={label}>
        <span>
          <IconButton aria-label={label} onClick={() => void refetch()} disabled={isFetching} size="small">
            <RefreshIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
    </Box>
  );
}
