import { Box, Button, CircularProgress } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import SaveIcon from '@mui/icons-material/Save';
import { useTranslate } from 'react-admin';

/** Close and Save, shown above and below the form. */
export function EditorToolbar({ saving, onClose }: { saving: boolean; onClose: () => void }) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
      <Button variant="outlined" startIcon={<CloseIcon />} onClick={onClose}>
        {translate('ra.action.close')}
      </Button>
      <Button
        type="submit"
        variant="contained"
        disabled={saving}
        startIcon={saving ? <CircularProgress size={18} color="inherit" /> : <SaveIcon />}
      >
        {translate('ra.action.save')}
      </Button>
    </Box>
  );
}
