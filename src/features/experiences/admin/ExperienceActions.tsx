import { Box, IconButton, Tooltip } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { useRecordContext, useTranslate } from 'react-admin';
import { DeleteAction } from '../../../core/admin/generic/DeleteAction';
import type { Abilities } from '../../../core/admin/generic/useAbilities';
import { editExperienceUrl, openWindow, publicExperienceUrl } from './urls';

/** Edit and view open a new window; delete uses the standard confirmation. Edit and delete only when allowed. */
export function ExperienceActions({ may }: { label?: string; may: Abilities }) {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return null;
  // Outside the user's writeWhere the server refuses both (404): only the view is offered.
  const writable = may.access.writeRecord(record);
  const edit = translate('ra.action.edit');
  const view = translate('app.experiences.view');
  return (
    <Box sx={{ display: 'flex', gap: 0.5, justifyContent: 'flex-end' }}>
      {may.update && writable && (
        <Tooltip title={edit}>
          <IconButton size="small" color="primary" aria-label={edit} onClick={() => openWindow(editExperienceUrl(String(record.id)))}>
            <EditIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {may.delete && writable && <DeleteAction resource="experiences" />}
      <Tooltip title={view}>
        <IconButton size="small" aria-label={view} onClick={() => openWindow(publicExperienceUrl(record))}>
          <VisibilityIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </Box>
  );
}
