import { Box, LinearProgress, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

/** How much of the request (pictures included) has gone out. */
export function UploadProgress({ fraction }: { fraction: number }) {
  const translate = useTranslate();
  const percent = Math.round(fraction * 100);
  return (
    <Box sx={{ my: 1 }} role="status" data-testid="upload-progress">
      <Typography variant="body2" color="text.secondary">
        {translate('app.experiences.uploading', { percent })}
      </Typography>
      <LinearProgress variant="determinate" value={percent} />
    </Box>
  );
}
