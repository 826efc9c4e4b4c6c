import { useDeferredValue, useMemo, useState } from 'react';
import {
  Box,
  InputAdornment,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { useTranslate } from 'react-admin';
import { duplicateKeys, filterRows, type Row } from './entries';
import { EntryRow } from './EntryRow';

interface Props {
  rows: Row[];
  focusId: number | null;
  onChange: (id: number, patch: Partial<Pick<Row, 'key' | 'value'>>) => void;
  onDelete: (id: number) => void;
}

const PAGE_SIZES = [25, 50, 100, 250];

/**
 * The key/value table. Thousands of keys stay quick: the filter is deferred
 * (typing never waits for the table) and only one page of rows is mounted.
 */
export function EntriesTable({ rows, focusId, onChange, onDelete }: Props) {
  const translate = useTranslate();
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(50);
  const deferred = useDeferredValue(query);
  // A row just added sits at the top: show the first page (set while rendering, not in an effect).
  const [focused, setFocused] = useState(focusId);
  if (focused !== focusId) {
    setFocused(focusId);
    if (focusId !== null) setPage(0);
  }
  const shown = useMemo(() => filterRows(rows, deferred), [rows, deferred]);
  const dups = useMemo(() => duplicateKeys(rows), [rows]);
  const lastPage = Math.max(0, Math.ceil(shown.length / size) - 1);
  const current = Math.min(page, lastPage);
  const visible = shown.slice(current * size, current * size + size);
  const labels = useMemo(
    () => ({
      key: translate('app.translations.key'),
      value: translate('app.translations.value'),
      remove: translate('app.translations.delete_row'),
      duplicate: translate('app.translations.duplicate_key'),
    }),
    [translate],
  );

  // Own Box: MUI's pagination toolbar never wraps, so on a phone it scrolls instead of widening the page.
  const pagination = (
    <Box sx={{ overflowX: 'auto', maxWidth: '100%' }}>
      <TablePagination
        component="div"
        labelRowsPerPage={translate('ra.navigation.page_rows_per_page')}
        labelDisplayedRows={({ from, to, count }) =>
          translate('ra.navigation.page_range_info', { offsetBegin: from, offsetEnd: to, total: count })
        }
        getItemAriaLabel={(type) => translate(`ra.navigation.${type}`)}
        count={shown.length}
        page={current}
        rowsPerPage={size}
        rowsPerPageOptions={PAGE_SIZES}
        onPageChange={(_, p) => setPage(p)}
        onRowsPerPageChange={(e) => {
          setSize(Number(e.target.value));
          setPage(0);
        }}
      />
    </Box>
  );

  return (
    <Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <TextField
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setPage(0);
          }}
          size="small"
          variant="outlined"
          placeholder={translate('app.translations.filter')}
          sx={{ flex: '1 1 220px', maxWidth: 420 }}
          slotProps={{
            htmlInput: { 'aria-label': translate('app.translations.filter'), type: 'search' },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        <Typography variant="body2" color="text.secondary" data-testid="entry-count">
          {translate('app.translations.count', { shown: shown.length, total: rows.length })}
        </Typography>
        <Box sx={{ flex: 1 }} />
        {pagination}
      </Box>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" sx={{ minWidth: 560 }}>
          <TableHead>
            <TableRow>
              <TableCell>{labels.key}</TableCell>
              <TableCell>{labels.value}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {visible.map((r) => (
              <EntryRow
                key={r.id}
                row={r}
                duplicate={dups.has(r.key.trim())}
                focusKey={r.id === focusId}
                labels={labels}
                onChange={onChange}
                onDelete={onDelete}
              />
            ))}
            {visible.length === 0 && (
              <TableRow>
                <TableCell colSpan={3} align="center">
                  {translate('app.translations.no_entries')}
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </Box>
      {shown.length > size && pagination}
    </Box>
  );
}
