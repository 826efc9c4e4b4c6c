import { useState } from 'react';
import { Box, Button, Card, CardContent, Link, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { Title, useLocaleState, useNotify } from 'react-admin';
import { Confirm } from '../../../core/admin/generic/Confirm';
import { errorBody } from '../../../core/admin/api/ApiError';
import { LoadStatus } from '../../../core/admin/generic/LoadStatus';
import { loadDelivery, redeliver } from './webhooksApi';
import { useWebhooksT } from './useWebhooksT';
import { formatDateTime } from '../../../core/web/dates';

const Pre = ({ children }: { children: string }) => (
  <Box component="pre" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', fontSize: 12, m: 0, maxHeight: 240, overflow: 'auto' }}>
    {children}
  </Box>
);

/** One delivery: its event and each attempt (request, response status and body, duration); "Redeliver" sends it again. */
export function DeliveryDetail() {
  const { id = '', deliveryId = '' } = useParams();
  const t = useWebhooksT();
  const [locale = 'en'] = useLocaleState();
  const notify = useNotify();
  const [confirming, setConfirming] = useState(false);
  const q = useQuery({
    queryKey: ['webhooks', id, 'delivery', deliveryId],
    queryFn: () => loadDelivery(id, deliveryId),
    refetchInterval: 3000,
  });
  const d = q.data;
  const again = async () => {
    setConfirming(false);
    try {
      await redeliver(id, deliveryId);
      notify('app.webhooks.redelivered', { type: 'info' });
      await q.refetch();
    } catch (e) {
      notify(errorBody(e).error ?? 'app.webhooks.action_failed', { type: 'error' });
    }
  };
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Title title={t('title')} />
      <Link component={RouterLink} to="../.." relative="path">
        {t('back_to_endpoint')}
      </Link>
      <LoadStatus busy={q.isPending} error={q.error} fallback={t('load_failed')} />
      {d && (
        <>
          <Typography component="h1" variant="h5" sx={{ my: 1 }}>
            {d.eventType}
          </Typography>
          <Typography variant="body2">
            {t('status')}: {t(`status_${d.status}`)} · {t('attempts')}: {d.attempts}
          </Typography>
          <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
            webhook-id: {d._id}
          </Typography>
          <Button variant="outlined" sx={{ my: 2 }} onClick={() => setConfirming(true)}>
            {t('redeliver')}
          </Button>
          <Typography component="h2" variant="h6">
            {t('data')}
          </Typography>
          <Pre>{JSON.stringify(d.data, null, 2)}</Pre>
          <Typography component="h2" variant="h6" sx={{ mt: 2 }}>
            {t('log')}
          </Typography>
          {!d.log.length && <Typography>{t('no_attempts')}</Typography>}
          <Stack spacing={1}>
            {d.log.map((a) => (
              <Card key={a._id} variant="outlined">
                <CardContent>
                  <Typography variant="subtitle2" component="h3">
                    {formatDateTime(a.at, locale)} · {a.responseStatus ?? a.error} · {a.durationMs} ms
                  </Typography>
                  <Typography variant="body2">{t('request')}</Typography>
                  <Pre>
                    {Object.entries(a.requestHeaders)
                      .map(([k, v]) => `${k}: ${v}`)
                      .join('\n') +
                      '\n\n' +
                      a.requestBody}
                  </Pre>
                  <Typography variant="body2">{t('response')}</Typography>
                  <Pre>{a.responseBody ?? ''}</Pre>
                </CardContent>
              </Card>
            ))}
          </Stack>
        </>
      )}
      <Confirm
        isOpen={confirming}
        title="app.webhooks.confirm_redeliver_title"
        content="app.webhooks.confirm_redeliver"
        onConfirm={() => void again()}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
}
