import { memo } from 'react';
import { Box, Button, Chip, IconButton, TableCell, TableRow, TextField, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import HistoryIcon from '@mui/icons-material/History';
import type { Row } from './entries';

/** What the row shows beside its inputs (all computed by the table, so a memoised row re-renders only when it changes). */
export interface RowExtras {
  /** The reference language's text, read-only; null when none. */
  reference: string | null;
  /** The reference changed since this entry was saved. */
  changed: boolean;
  reviewed: boolean;
  /** Inline check result: a translated message, and whether it blocks the save (placeholders) or only warns (tags). */
  problem: { text: string; blocks: boolean } | null;
  /** This key's plural category (i18next suffix), if it is a plural form. */
  plural: string | null;
}

export interface RowLabels {
  key: string;
  value: string;
  remove: string;
  duplicate: string;
  reference: string;
  changed: string;
  markReviewed: string;
  reviewed: string;
  history: string;
  plural: (form: string) => string;
}

interface Props {
  row: Row;
  extras: RowExtras;
  duplicate: boolean;
  /** The row was just added: its key input takes the focus. */
  focusKey: boolean;
  labels: RowLabels;
  onChange: (id: number, patch: Partial<Pick<Row, 'key' | 'value'>>) => void;
  onDelete: (id: number) => void;
  onReviewed: (key: string) => void;
  /** Opens the key's history; absent when it cannot be shown. */
  onHistory?: (key: string) => void;
}

/** Below `sm` a row's cells stack (key and reference, then value, then actions): a phone never scrolls sideways to reach the value. */
const phoneCell = { display: { xs: 'block', sm: 'table-cell' } } as const;
/** Stacked, only the row's last cell draws the line under it. */
const noPhoneBorder = { '@media (max-width: 599.95px)': { borderBottom: 'none' } } as const;

const sameExtras = (a: RowExtras, b: RowExtras) =>
  a.reference === b.reference &&
  a.changed === b.changed &&
  a.reviewed === b.reviewed &&
  a.plural === b.plural &&
  a.problem?.text === b.problem?.text &&
  a.problem?.blocks === b.problem?.blocks;

/** Props equal but for `extras`, a fresh object per render, compared field by field. */
const sameProps = (a: Props, b: Props) =>
  (Object.keys(a) as (keyof Props)[]).every((k) => (k === 'extras' ? sameExtras(a.extras, b.extras) : a[k] === b[k]));

/** One key/value line with its reference text. Memoised: typing in one row re-renders only that row. */
export const EntryRow = memo(function EntryRow({
  row,
  extras,
  duplicate,
  focusKey,
  labels,
  onChange,
  onDelete,
  onReviewed,
  onHistory,
}: Props) {
  const key = row.key.trim();
  return (
    <TableRow data-testid="entry-row" sx={{ display: { xs: 'block', sm: 'table-row' } }}>
      <TableCell sx={{ ...phoneCell, width: { sm: '38%' }, verticalAlign: 'top', ...noPhoneBorder }}>
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
        {extras.plural && <Chip size="small" variant="outlined" label={labels.plural(extras.plural)} sx={{ mt: 0.5 }} />}
        {extras.reference !== null && (
          <Box data-testid="reference-text" sx={{ mt: 0.5, p: 0.75, borderRadius: 1, bgcolor: 'action.hover', wordBreak: 'break-word' }}>
            <Typography variant="caption" color="text.secondary" component="div">
              {labels.reference}
            </Typography>
            <Typography variant="body2" component="div" sx={{ whiteSpace: 'pre-wrap' }}>
              {extras.reference}
            </Typography>
          </Box>
        )}
      </TableCell>
      <TableCell sx={{ ...phoneCell, verticalAlign: 'top', ...noPhoneBorder }}>
        <TextField
          value={row.value}
          onChange={(e) => onChange(row.id, { value: e.target.value })}
          size="small"
          variant="outlined"
          fullWidth
          multiline
          maxRows={6}
          error={extras.problem?.blocks === true}
          color={extras.problem && !extras.problem.blocks ? 'warning' : undefined}
          helperText={extras.problem?.text}
          slotProps={{
            htmlInput: { 'aria-label': labels.value },
            formHelperText: { sx: extras.problem && !extras.problem.blocks ? { color: 'warning.dark' } : undefined },
          }}
        />
        {extras.changed && (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 0.5 }} data-testid="changed-in-reference">
            <Typography variant="caption" color="warning.dark">
              {extras.reviewed ? labels.reviewed : labels.changed}
            </Typography>
            {!extras.reviewed && (
              <Button size="small" onClick={() => onReviewed(key)}>
                {labels.markReviewed}
              </Button>
            )}
          </Box>
        )}
      </TableCell>
      <TableCell
        sx={{ ...phoneCell, width: { sm: 48 }, textAlign: { xs: 'right', sm: 'left' }, verticalAlign: 'top', whiteSpace: 'nowrap' }}
      >
        {onHistory && key && (
          <IconButton aria-label={`${labels.history}: ${key}`} onClick={() => onHistory(key)} size="small">
            <HistoryIcon fontSize="small" />
          </IconButton>
        )}
        <IconButton aria-label={labels.remove} onClick={() => onDelete(row.id)} size="small">
          <DeleteIcon fontSize="small" />
        </IconButton>
      </TableCell>
    </TableRow>
  );
}, sameProps);
