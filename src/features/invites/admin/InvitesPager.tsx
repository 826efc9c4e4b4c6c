import { Box, Button, Typography } from '@mui/material';
import RefreshIcon from '@mui/icons-material/Refresh';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { useTranslate } from 'react-admin';

/** Refresh, Prev/Next and 'Page x / y • Total n'. */
export function InvitesPager({
  page,
  pages,
  total,
  busy,
  onPage,
  onRefresh,
}: {
  page: number;
  pages: number;
  total: number;
  busy: boolean;
  onPage: (page: number) => void;
  onRefresh: () => void;
}) {
  const translate = useTranslate();
  const t = (k: string) => translate(`app.invites.${k}`);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', my: 1 }}>
      <Button size="small" startIcon={<RefreshIcon />} onClick={onRefresh} disabled={busy}>
        {t('refresh')}
      </Button>
      <Box sx={{ flex: 1 }} />
      {/* Prev, position and Next stay together when the row wraps on a phone. */}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, whiteSpace: 'nowrap' }}>
        <Button size="small" startIcon={<ChevronLeftIcon />} disabled={page <= 1} onClick={() => onPage(page - 1)}>
          {t('prev')}
        </Button>
        <Typography variant="body2" color="text.secondary" data-testid="invites-page-info">
          {translate('app.invites.page_info', { page, pages, total })}
        </Typography>
        <Button size="small" endIcon={<ChevronRightIcon />} disabled={page >= pages} onClick={() => onPage(page + 1)}>
          {t('next')}
        </Button>
      </Box>
    </Box>
  );
}
