import { useMemo, useState } from 'react';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Alert,
  Autocomplete,
  Box,
  Button,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useTranslate } from 'react-admin';
import { errorBody } from '../../../core/admin/api/ApiError';
import { explainAccess, type AccessExplanation } from './accessApi';
import { UserPicker, type PickedUser } from './UserPicker';

const METHODS = ['GET', 'POST', 'PUT', 'DELETE'] as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Allowed or denied, and the role, permission, fields and condition that decided. */
function Verdict({ answer }: { answer: AccessExplanation }) {
  const translate = useTranslate();
  const t = (k: string) => translate(`app.access.${k}`);
  const { decidedBy: d } = answer;
  const rows: [string, string][] = [
    [t('decided_role'), d.role ?? t('none')],
    [t('decided_permission'), d.permission ?? t('none')],
    [t('decided_fields'), d.fields ? d.fields.join(', ') || t('none') : t('all_fields')],
    [t('decided_condition'), d.condition === undefined || d.condition === null ? t('all_records') : JSON.stringify(d.condition)],
  ];
  return (
    <Alert severity={answer.allowed ? 'success' : 'error'} data-testid="explain-result" sx={{ mt: 1 }}>
      <Typography sx={{ fontWeight: 600 }}>{t(answer.allowed ? 'allowed' : 'denied')}</Typography>
      <Box
        component="dl"
        sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1, '& dd': { m: 0, overflowWrap: 'anywhere' } }}
      >
        {rows.map(([k, v]) => (
          <Box key={k} sx={{ display: 'contents' }}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </Box>
        ))}
      </Box>
    </Alert>
  );
}

/**
 * "Test as a user": whether a user may make one API call (on one record),
 * and what decides it, from the server's own explanation.
 */
export function ExplainPanel({ permissions }: { permissions: readonly { method: string; route: string }[] }) {
  const translate = useTranslate();
  const t = (k: string) => translate(`app.access.${k}`);
  const [user, setUser] = useState<PickedUser | null>(null);
  const [method, setMethod] = useState<string>('GET');
  const [route, setRoute] = useState<string | null>(null);
  const [recordId, setRecordId] = useState('');
  const [answer, setAnswer] = useState<AccessExplanation | null>(null);
  const [error, setError] = useState<string | null>(null);
  const routes = useMemo(
    () => [...new Set(permissions.filter((p) => p.method === method).map((p) => p.route))].sort(),
    [permissions, method],
  );
  const badId = recordId.trim() !== '' && !UUID.test(recordId.trim());
  const ask = async () => {
    if (!user || !route) return;
    setError(null);
    setAnswer(null);
    try {
      setAnswer(await explainAccess({ userId: user._id, method, route, recordId: recordId.trim() || undefined }));
    } catch (e) {
      setError(errorBody(e).error ?? t('explain_error'));
    }
  };
  return (
    <Accordion disableGutters variant="outlined" data-testid="explain-panel" sx={{ mb: 1 }}>
      <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls="explain-content" id="explain-heading">
        <Typography component="h2" sx={{ fontWeight: 600 }}>
          {t('explain_title')}
        </Typography>
      </AccordionSummary>
      <AccordionDetails id="explain-content">
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('explain_intro')}
        </Typography>
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'flex-start' }}>
          <UserPicker value={user} onChange={setUser} />
          <TextField
            select
            size="small"
            label={t('explain_method')}
            value={method}
            onChange={(e) => {
              setMethod(e.target.value);
              setRoute(null);
            }}
            sx={{ width: 110 }}
          >
            {METHODS.map((m) => (
              <MenuItem key={m} value={m}>
                {m}
              </MenuItem>
            ))}
          </TextField>
          <Autocomplete
            options={routes}
            value={route}
            onChange={(_, r) => setRoute(r)}
            renderInput={(params) => <TextField {...params} size="small" label={t('explain_route')} />}
            sx={{ minWidth: { xs: '100%', sm: 280 }, flex: { xs: '1 1 100%', sm: '1 1 280px' } }}
          />
          <TextField
            size="small"
            label={t('explain_record')}
            value={recordId}
            onChange={(e) => setRecordId(e.target.value)}
            error={badId}
            helperText={badId ? t('explain_record_bad') : undefined}
            sx={{ minWidth: { xs: '100%', sm: 300 }, flex: { xs: '1 1 100%', sm: '0 1 300px' } }}
          />
          <Button variant="contained" disabled={!user || !route || badId} onClick={() => void ask()}>
            {t('explain')}
          </Button>
        </Stack>
        <Box aria-live="polite">
          {answer && <Verdict answer={answer} />}
          {error && (
            <Alert severity="error" sx={{ mt: 1 }}>
              {error}
            </Alert>
          )}
        </Box>
      </AccordionDetails>
    </Accordion>
  );
}
