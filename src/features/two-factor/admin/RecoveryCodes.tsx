import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DownloadIcon from '@mui/icons-material/Download';
import { useNotify, useTranslate } from 'react-admin';

/** The ten recovery codes, shown once right after two-factor sign-in is turned on, with Copy and Download. */
export function RecoveryCodes({ codes, onDone }: { codes: readonly string[]; onDone: () => void }) {
  const translate = useTranslate();
  const t = (k: string) => translate(`app.two_factor.${k}`);
  const notify = useNotify();
  const text = `${t('file_heading')}\n\n${codes.join('\n')}\n`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      notify('app.two_factor.copied', { type: 'success' });
    } catch {
      notify('app.two_factor.error', { type: 'error' });
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'recovery-codes.txt';
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  return (
    <Box component="section" aria-labelledby="recovery-codes-title" data-testid="recovery-codes">
      <Typography variant="subtitle1" component="h3" id="recovery-codes-title" sx={{ fontWeight: 600 }}>
        {t('recovery_title')}
      </Typography>
      <Alert severity="warning" sx={{ my: 1 }}>
        {t('recovery_note')}
      </Alert>
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          p: 1.5,
          m: 0,
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(130px, 1fr))',
          gap: 1,
          fontFamily: 'monospace',
          fontSize: '1rem',
          bgcolor: 'action.hover',
          borderRadius: 1,
        }}
      >
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </Box>
      <Stack direction="row" sx={{ mt: 1.5, gap: 1, flexWrap: 'wrap' }}>
        <Button variant="outlined" startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
          {t('copy')}
        </Button>
        <Button variant="outlined" startIcon={<DownloadIcon />} onClick={download}>
          {t('download')}
        </Button>
        <Button variant="contained" onClick={onDone}>
          {t('done')}
        </Button>
      </Stack>
    </Box>
  );
}
