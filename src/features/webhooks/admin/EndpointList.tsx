import { useState } from 'react';
import {
  Box,
  Button,
  Chip,
  Link,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import { Title } from 'react-admin';
import { LoadStatus } from '../../../core/admin/generic/LoadStatus';
import { EndpointForm } from './EndpointForm';
import { SecretDialog } from './SecretDialog';
import { readableUrl } from './readableUrl';
import { createEndpoint, loadEndpoints } from './webhooksApi';
import { useWebhooksT } from './useWebhooksT';

/** The endpoints, newest first, with "Add endpoint" (its secret shown once after). */
export function EndpointList() {
  const t = useWebhooksT();
  const client = useQueryClient();
  const { data, isPending, error, refetch } = useQuery({ queryKey: ['webhooks'], queryFn: loadEndpoints });
  const [adding, setAdding] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Title title={t('title')} />
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2, gap: 1, flexWrap: 'wrap' }}>
        <Typography component="h1" variant="h5">
          {t('title')}
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
          {t('add')}
        </Button>
      </Stack>
      <Typography variant="body2" sx={{ mb: 2 }}>
        {t('intro')}
      </Typography>
      <LoadStatus busy={isPending} error={error} fallback={t('load_failed')} onRetry={() => void refetch()} />
      {data && !data.length && <Typography>{t('none')}</Typography>}
      {data && data.length > 0 && (
        <TableContainer>
          <Table size="small" aria-label={t('title')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('url')}</TableCell>
                <TableCell>{t('events')}</TableCell>
                <TableCell>{t('state')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map((e) => (
                <TableRow key={e._id}>
                  <TableCell sx={{ wordBreak: 'break-all' }}>
                    <Link component={RouterLink} to={e._id}>
                      {readableUrl(e.url)}
                    </Link>
                    {e.description && (
                      <Typography variant="body2" color="text.secondary">
                        {e.description}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell>{e.events.join(', ')}</TableCell>
                  <TableCell>
                    <Chip size="small" color={e.enabled ? 'success' : 'default'} label={e.enabled ? t('enabled') : t('disabled')} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {adding && (
        <EndpointForm
          open
          onClose={() => setAdding(false)}
          onSave={async (body) => {
            const created = await createEndpoint(body);
            setAdding(false);
            setSecret(created.secret);
            await client.invalidateQueries({ queryKey: ['webhooks'] });
          }}
        />
      )}
      <SecretDialog secret={secret} onClose={() => setSecret(null)} />
    </Box>
  );
}
