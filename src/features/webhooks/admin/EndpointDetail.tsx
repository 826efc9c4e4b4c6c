import { useState } from 'react';
import {
  Box,
  Button,
  Chip,
  FormControl,
  InputLabel,
  Link,
  MenuItem,
  Pagination,
  Select,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { Title, useLocaleState, useNotify } from 'react-admin';
import { Confirm } from '../../../core/admin/generic/Confirm';
import { errorBody } from '../../../core/admin/api/ApiError';
import { LoadStatus } from '../../../core/admin/generic/LoadStatus';
import { DELIVERY_STATUSES } from '../contract';
import { EndpointForm } from './EndpointForm';
import { SecretDialog } from './SecretDialog';
import { readableUrl } from './readableUrl';
import { formatDateTime } from '../../../core/web/dates';
import { deleteEndpoint, loadDeliveries, loadEndpoint, replay, rotateSecret, sendTest, updateEndpoint } from './webhooksApi';
import { useWebhooksT } from './useWebhooksT';

type Pending = 'rotate' | 'test' | 'replay' | 'delete' | null;

/** One endpoint: its settings and actions (edit, rotate the secret, test, replay, delete) and its deliveries. */
export function EndpointDetail() {
  const { id = '' } = useParams();
  const t = useWebhooksT();
  const [locale = 'en'] = useLocaleState();
  const notify = useNotify();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const [since, setSince] = useState(() => new Date(Date.now() - 24 * 3600 * 1000).toISOString().slice(0, 16));
  const endpoint = useQuery({ queryKey: ['webhooks', id], queryFn: () => loadEndpoint(id) });
  const deliveries = useQuery({
    queryKey: ['webhooks', id, 'deliveries', page, status],
    queryFn: () => loadDeliveries(id, page, status),
    placeholderData: keepPreviousData,
    refetchInterval: 5000,
  });
  const refresh = () => client.invalidateQueries({ queryKey: ['webhooks'] });

  const run = async (what: Exclude<Pending, null>) => {
    setPending(null);
    try {
      if (what === 'rotate') setSecret((await rotateSecret(id)).secret);
      if (what === 'test') {
        await sendTest(id);
        notify('app.webhooks.test_sent', { type: 'info' });
      }
      if (what === 'replay') {
        const r = await replay(id, new Date(since).toISOString());
        notify('app.webhooks.replayed', { type: 'info', messageArgs: { count: r.queued } });
      }
      if (what === 'delete') {
        await deleteEndpoint(id);
        navigate('..');
      }
      await refresh();
    } catch (e) {
      notify(errorBody(e).error ?? 'app.webhooks.action_failed', { type: 'error' });
    }
  };

  const e = endpoint.data;
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Title title={t('title')} />
      <Link component={RouterLink} to="..">
        {t('back')}
      </Link>
      <LoadStatus busy={endpoint.isPending} error={endpoint.error} fallback={t('load_failed')} />
      {e && (
        <>
          <Typography component="h1" variant="h5" sx={{ my: 1, wordBreak: 'break-all' }}>
            {readableUrl(e.url)}
          </Typography>
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', mb: 1 }}>
            <Chip size="small" color={e.enabled ? 'success' : 'default'} label={e.enabled ? t('enabled') : t('disabled')} />
            {e.includeRecord && <Chip size="small" label={t('include_record')} />}
          </Stack>
          {e.description && <Typography>{e.description}</Typography>}
          <Typography variant="body2">
            {t('events')}: {e.events.join(', ')}
          </Typography>
          {e.disabledReason && (
            <Typography variant="body2" color="error">
              {e.disabledReason}
            </Typography>
          )}
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', my: 2 }}>
            <Button variant="outlined" onClick={() => setEditing(true)}>
              {t('edit')}
            </Button>
            <Button variant="outlined" onClick={() => setPending('test')}>
              {t('send_test')}
            </Button>
            <Button variant="outlined" onClick={() => setPending('rotate')}>
              {t('rotate')}
            </Button>
            <Button variant="outlined" color="error" onClick={() => setPending('delete')}>
              {t('delete')}
            </Button>
          </Stack>
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
            <TextField
              type="datetime-local"
              label={t('replay_since')}
              value={since}
              onChange={(ev) => setSince(ev.target.value)}
              slotProps={{ inputLabel: { shrink: true } }}
              size="small"
            />
            <Button variant="outlined" onClick={() => setPending('replay')} disabled={!since}>
              {t('replay')}
            </Button>
          </Stack>
        </>
      )}
      <Typography component="h2" variant="h6" sx={{ mt: 2 }}>
        {t('deliveries')}
      </Typography>
      <FormControl size="small" sx={{ my: 1, minWidth: 180 }}>
        <InputLabel id="webhook-status-label">{t('status')}</InputLabel>
        <Select
          labelId="webhook-status-label"
          label={t('status')}
          value={status}
          onChange={(ev) => {
            setStatus(ev.target.value);
            setPage(1);
          }}
        >
          <MenuItem value="">{t('status_all')}</MenuItem>
          {DELIVERY_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {t(`status_${s}`)}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      <LoadStatus busy={deliveries.isPending} error={deliveries.error} fallback={t('load_failed')} />
      {deliveries.data && !deliveries.data.data.length && <Typography>{t('no_deliveries')}</Typography>}
      {deliveries.data && deliveries.data.data.length > 0 && (
        <TableContainer>
          <Table size="small" aria-label={t('deliveries')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('event')}</TableCell>
                <TableCell>{t('status')}</TableCell>
                <TableCell>{t('attempts')}</TableCell>
                <TableCell>{t('created')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {deliveries.data.data.map((d) => (
                <TableRow key={d._id}>
                  <TableCell>
                    <Link component={RouterLink} to={`deliveries/${d._id}`}>
                      {d.eventType}
                    </Link>
                  </TableCell>
                  <TableCell>
                    {t(`status_${d.status}`)}
                    {d.lastStatus !== null ? ` (${d.lastStatus})` : ''}
                  </TableCell>
                  <TableCell>{d.attempts}</TableCell>
                  <TableCell>{formatDateTime(d.createdAt, locale)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {deliveries.data && deliveries.data.pages > 1 && (
        <Pagination sx={{ mt: 1 }} count={deliveries.data.pages} page={page} onChange={(_, p) => setPage(p)} />
      )}
      {editing && e && (
        <EndpointForm
          open
          endpoint={e}
          onClose={() => setEditing(false)}
          onSave={async (body) => {
            await updateEndpoint(id, body);
            setEditing(false);
            await refresh();
          }}
        />
      )}
      <Confirm
        isOpen={pending !== null}
        title={`app.webhooks.confirm_${pending ?? 'test'}_title`}
        content={`app.webhooks.confirm_${pending ?? 'test'}`}
        onConfirm={() => pending && void run(pending)}
        onClose={() => setPending(null)}
      />
      <SecretDialog secret={secret} onClose={() => setSecret(null)} />
    </Box>
  );
}
