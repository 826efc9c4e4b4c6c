import { memo } from 'react';
import { IconButton, TableCell, TableRow, TextField } from '@mui/material';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import type { Row } from './entries';

interface Props {
  row: Row;
  duplicate: boolean;
  autoFocus: boolean;
  labels: { key: string; value: string; remove: string; duplicate: string };
  onChange: (id: number, patch: Partial<Pick<Row, 'key' | 'value'>>) => void;
  onDelete: (id: number) => void;
}

/** One key/value line. Memoised: typing in one row re-renders only that row. */
export const EntryRow = memo(function EntryRow({ row, duplicate, autoFocus, labels, onChange, onDelete }: Props) {
  return (
    <TableRow>
      <TableCell sx={{ width: '38%', verticalAlign: 'top' }}>
        <TextField
          value={row.key}
          onChange={(e) => onChange(row.id, { key: e.target.value })}
          size="small"
          variant="outlined"
          fullWidth
          autoFocus={autoFocus}
          error={duplicate}
          helperText={duplicate ? labels.duplicate : undefined}
          slotProps={{ htmlInput: { 'aria-label': labels.key, spellCheck: false, style: { fontFamily: 'monospace', fontSize: 13 } } }}
        />
      </TableCell>
      <TableCell sx={{ verticalAlign: 'top' }}>
        <TextField
          value={row.value}
          onChange={(e) => onChange(row.id, { value: e.target.value })}
          size="small"
          variant="outlined"
          fullWidth
          multiline
          maxRows={6}
          slotProps={{ htmlInput: { 'aria-label': labels.value } }}
        />
      </TableCell>
      <TableCell sx={{ width: 48, verticalAlign: 'top' }}>
        <IconButton aria-label={labels.remove} onClick={() => onDelete(row.id)} size="small">
          <DeleteIcon fontSize="small" />
        </IconButton>
      </TableCell>
    </TableRow>
  );
});
