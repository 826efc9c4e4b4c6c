import { Box, IconButton, Tooltip } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import { useRecordContext, useTranslate, type Identifier } from 'react-admin';
import { hasOperation as can, type ResourceDef } from '../../shared/resource';
import { DeleteAction } from './DeleteAction';
import { isSelf } from './selfRecord';

export function RowActions({ def, onEdit }: { def: ResourceDef; onEdit: (id: Identifier) => void; label?: string }) {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return null;
  const label = translate('ra.action.edit');
  return (
    <Box sx={{ display: 'flex', gap: 0.5, justifyContent: 'flex-end' }} onClick={(e) => e.stopPropagation()}>
      {can(def, 'update') && (
        <Tooltip title={label}>
          <IconButton size="small" color="primary" aria-label={label} onClick={() => onEdit(record.id)}>
            <EditIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {can(def, 'delete') && !isSelf(def, record) && <DeleteAction resource={def.name} />}
    </Box>
  );
}
