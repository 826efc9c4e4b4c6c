import { Box, IconButton } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import { useRecordContext, useTranslate, type Identifier } from 'react-admin';
import type { ResourceDef } from '../../shared/resource';
import type { Abilities } from './useAbilities';
import { DeleteAction } from './DeleteAction';
import { isSelf } from './selfRecord';
import { RowTooltip } from './RowTooltip';

/**
 * A row's edit and delete buttons, each only when the user may make its API call on this record; with tooltips
 * unless `hover` is false (a touch screen).
 */
export function RowActions({
  def,
  may,
  onEdit,
  hover = true,
}: {
  def: ResourceDef;
  may: Abilities;
  onEdit: (id: Identifier) => void;
  label?: string;
  hover?: boolean;
}) {
  const record = useRecordContext();
  const translate = useTranslate();
  // A record outside the user's writeWhere: the server would refuse both (404).
  if (!record || !may.access.writeRecord(record)) return null;
  const label = translate('ra.action.edit');
  return (
    <Box sx={{ display: 'flex', gap: 0.5, justifyContent: 'flex-end' }} onClick={(e) => e.stopPropagation()}>
      {may.update && (
        <RowTooltip title={label} hover={hover}>
          <IconButton size="small" color="primary" aria-label={label} onClick={() => onEdit(record.id)}>
            <EditIcon fontSize="small" />
          </IconButton>
        </RowTooltip>
      )}
      {may.delete && !isSelf(def, record) && <DeleteAction resource={def.name} hover={hover} />}
    </Box>
  );
}
