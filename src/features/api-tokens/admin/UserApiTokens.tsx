import { Alert, Box, LinearProgress, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate, type Identifier } from 'react-admin';
import { errorBody, errorStatus } from '../../../core/admin/api/ApiError';
import { TokenList } from './TokenList';
import { loadUserTokens, revokeUserToken } from './tokensApi';
import { useRevoke } from './useRevoke';

/**
 * A user's API tokens on their edit screen, each with "Revoke". Shown to
 * whoever may see them: the API refuses others (no permission, or the rank
 * rule) and the panel then stays away.
 */
export default function UserApiTokens({ id }: { id: Identifier }) {
  const translate = useTranslate();
  const userId = String(id);
  const key = ['app', 'user-api-tokens', userId];
  const { data, isPending, error } = useQuery({ queryKey: key, queryFn: () => loadUserTokens(userId), retry: false });
  const { onRevoke, busy } = useRevoke(key, (tokenId) => revokeUserToken(userId, tokenId));
  const status = errorStatus(error);
  if (error && (status === 403 || status === 401)) return null;
  return (
    <Box component="section" aria-labelledby="user-api-tokens-title" sx={{ px: 2, pb: 2 }}>
      <Typography variant="subtitle1" component="h3" id="user-api-tokens-title" sx={{ mb: 1 }}>
        {translate('app.api_tokens.user_title')}
      </Typography>
      {isPending && <LinearProgress />}
      {error && <Alert severity="error">{errorBody(error).error ?? translate('app.api_tokens.load_error')}</Alert>}
      {data && <TokenList tokens={data} onRevoke={onRevoke} busy={busy} />}
    </Box>
  );
}
