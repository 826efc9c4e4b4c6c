import { useState } from 'react';
import { Button, MenuItem, Stack, TextField } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useTranslate } from 'react-admin';
import type { MatrixRole } from './matrixModel';

/** "Copy role": gives one role exactly the checks of another, in the draft (Save writes it). */
export function CopyRoleBar({ roles, onCopy }: { roles: readonly MatrixRole[]; onCopy: (from: string, to: string) => void }) {
  const translate = useTranslate();
  const t = (k: string) => translate(`app.matrix.${k}`);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const pick = (label: string, value: string, set: (v: string) => void, id: string) => (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(e) => set(e.target.value)}
      sx={{ width: { xs: 'auto', sm: 200 }, flex: { xs: '1 1 140px', sm: '0 0 auto' } }}
      id={id}
    >
      {roles.map((r) => (
        <MenuItem key={r._id} value={r._id}>
          {r.name}
        </MenuItem>
      ))}
    </TextField>
  );
  return (
    <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
      {pick(t('copy_from'), from, setFrom, 'matrix-copy-from')}
      {pick(t('copy_to'), to, setTo, 'matrix-copy-to')}
      <Button variant="outlined" startIcon={<ContentCopyIcon />} disabled={!from || !to || from === to} onClick={() => onCopy(from, to)}>
        {t('copy')}
      </Button>
    </Stack>
  );
}
