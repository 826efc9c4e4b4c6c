import { useState } from 'react';
import { Alert, Button, Card, CardContent, LinearProgress, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'react-admin';
import { errorBody } from '../../../core/admin/api/ApiError';
import { CreateTokenDialog } from './CreateTokenDialog';
import { NewTokenDialog } from './NewTokenDialog';
import { TokenList } from './TokenList';
import { loadMyTokens, revokeMyToken } from './tokensApi';
import { useRevoke } from './useRevoke';

const KEY = ['app', 'my-api-tokens'];

/** "API tokens" on the profile: create one (shown once, to copy), list them, revoke. */
export function MyApiTokens() {
  const translate = useTranslate();
  const t = (k: string) => translate(`app.api_tokens.${k}`);
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(false);
  const [fresh, setFresh] = useState<string | null>(null);
  const { data, isPending, error } = useQuery({ queryKey: KEY, queryFn: loadMyTokens, retry: false });
  const { onRevoke, busy } = useRevoke(KEY, revokeMyToken);
  const created = async (token: string) => {
    setCreating(false);
    setFresh(token);
    notify('app.api_tokens.created', { type: 'success' });
    await queryClient.invalidateQueries({ queryKey: KEY });
  };
  return (
    <Card variant="outlined" sx={{ mt: 2 }} component="section" aria-labelledby="my-api-tokens-title">
      <CardContent>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1 }}>
          <Typography variant="h6" component="h2" id="my-api-tokens-title">
            {t('title')}
          </Typography>
          <Button variant="outlined" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
            {t('create')}
          </Button>
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('intro')}
        </Typography>
        {isPending && <LinearProgress />}
        {error && <Alert severity="error">{errorBody(error).error ?? t('load_error')}</Alert>}
        {data && <TokenList tokens={data} onRevoke={onRevoke} busy={busy} />}
        <CreateTokenDialog open={creating} onClose={() => setCreating(false)} onCreated={created} />
        <NewTokenDialog token={fresh} onClose={() => setFresh(null)} />
      </CardContent>
    </Card>
  );
}
