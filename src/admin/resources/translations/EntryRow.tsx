import { memo } from 'react';
import { IconButton, TableCell, TableRow, TextField } from '@mui/material';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import type { Row } from './entries';

interface Props {
  row: Row;
  duplicate: boolean;
  /** The row was just added: its key input takes the focus. */
  focusKey: boolean;
  labels: { key: string; value: string; remove: string; duplicate: string };
  onChange: (id: number, patch: Partial<Pick<Row, 'key' | 'value'>>) => void;
  onDelete: (id: number) => void;
}

/** One key/value line. Memoised: typing in one row re-renders only that row. */
export const EntryRow = memo(function EntryRow({ row, duplicate, focusKey, labels, onChange, onDelete }: Props) {
  return (
    <TableRow>
      <TableCell sx={{ width: '38%', verticalAlign: 'top' }}>
        <TextField
          value={row.key}
          onChange={(e) => onChange(row.id, { key: e.target.value })}
          size="small"
          variant="outlined"
          fullWidth
          // Focus moves to the key of the row the admin just added (on their click), so they type on.
          // eslint-disable-next-line jsx-a11y/no-autofocus -- focus follows the user's own 'add row' action
          autoFocus={focusKey}
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
