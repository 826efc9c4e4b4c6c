import { useDeferredValue, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
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
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { useTranslate } from 'react-admin';
import { ENTRY_FILTERS, matchesFilter, matchesSearch, type EntryFilter } from '../entry-status';
import { duplicateKeys, type Row } from './entries';
import { EntryRow, type RowLabels } from './EntryRow';
import { pluralOf, problemOf, stateOf } from './rowChecks';
import type { Entries } from './translationsApi';
import type { ReferenceInfo } from './useTranslationsEditor';
import { pageCount } from '../../../core/shared/api/paging';

interface Props {
  rows: Row[];
  focusId: number | null;
  /** The reference language's texts and change flags; null for the reference itself. */
  reference: ReferenceInfo | null;
  /** The entries as saved: inline checks cover what the next save changes. */
  loaded: Entries;
  reviewed: ReadonlySet<string>;
  onChange: (id: number, patch: Partial<Pick<Row, 'key' | 'value'>>) => void;
  onDelete: (id: number) => void;
  onReviewed: (key: string) => void;
  onHistory?: (key: string) => void;
}

const PAGE_SIZES = [25, 50, 100, 250];

/**
 * The key/value table beside the reference text. Thousands of keys stay
 * quick: the search is deferred (typing never waits for the table) and only
 * one page of rows is mounted. Filters use the API's own definitions
 * (../entry-status.ts) on the rows as edited.
 */
export function EntriesTable({ rows, focusId, reference, loaded, reviewed, onChange, onDelete, onReviewed, onHistory }: Props) {
  const translate = useTranslate();
  // A link (the search palette's) may name the key to show: `?q=`.
  const [params] = useSearchParams();
  const [query, setQuery] = useState(() => params.get('q') ?? '');
  const [filter, setFilter] = useState<EntryFilter>('all');
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(50);
  const deferred = useDeferredValue(query);
  // A row just added sits at the top: show the first page (set while rendering, not in an effect).
  const [focused, setFocused] = useState(focusId);
  if (focused !== focusId) {
    setFocused(focusId);
    if (focusId !== null) setPage(0);
  }
  const refLang = reference?.lang ?? '';
  const states = useMemo(() => rows.map((r) => ({ row: r, state: stateOf(r, reference) })), [rows, reference]);
  const counts = useMemo(
    () => Object.fromEntries(ENTRY_FILTERS.map((f) => [f, states.filter(({ state }) => matchesFilter(state, f)).length])),
    [states],
  );
  const shown = useMemo(
    () => states.filter(({ row, state }) => !row.key.trim() || (matchesFilter(state, filter) && matchesSearch(state, deferred))),
    [states, filter, deferred],
  );
  const dups = useMemo(() => duplicateKeys(rows), [rows]);
  const plural = useMemo(() => pluralOf(rows), [rows]);
  const lastPage = pageCount(shown.length, size) - 1;
  const current = Math.min(page, lastPage);
  const visible = shown.slice(current * size, current * size + size);
  const labels: RowLabels = useMemo(
    () => ({
      key: translate('app.translations.key'),
      value: translate('app.translations.value'),
      remove: translate('app.translations.delete_row'),
      duplicate: translate('app.translations.duplicate_key'),
      reference: translate('app.translations.reference_label', { lang: refLang.toUpperCase() }),
      changed: translate('app.translations.changed_hint', { lang: refLang.toUpperCase() }),
      markReviewed: translate('app.translations.mark_reviewed'),
      reviewed: translate('app.translations.reviewed'),
      history: translate('app.translations.history'),
      plural: (form: string) => translate('app.translations.plural_form', { form }),
    }),
    [translate, refLang],
  );
  const filterLabel = (f: EntryFilter) => translate(`app.translations.filter_${f}`, { lang: refLang.toUpperCase() });

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
      {reference && (
        <Box sx={{ overflowX: 'auto', maxWidth: '100%', mb: 1 }}>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={filter}
            aria-label={translate('app.translations.filters')}
            onChange={(_, f: EntryFilter | null) => {
              if (f) setFilter(f);
              setPage(0);
            }}
          >
            {ENTRY_FILTERS.map((f) => (
              <ToggleButton key={f} value={f} sx={{ textTransform: 'none', whiteSpace: 'nowrap' }}>
                {filterLabel(f)} ({counts[f]})
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </Box>
      )}
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
        <Table size="small" sx={{ minWidth: { sm: 560 } }}>
          <TableHead sx={{ display: { xs: 'none', sm: 'table-header-group' } }}>
            <TableRow>
              <TableCell>{labels.key}</TableCell>
              <TableCell>{labels.value}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {visible.map(({ row, state }) => (
              <EntryRow
                key={row.id}
                row={row}
                extras={{
                  reference: state.reference,
                  changed: state.changed,
                  reviewed: reviewed.has(state.key),
                  problem: reference ? problemOf(row, state, loaded, refLang, translate) : null,
                  plural: plural(state.key),
                }}
                duplicate={dups.has(state.key)}
                focusKey={row.id === focusId}
                labels={labels}
                onChange={onChange}
                onDelete={onDelete}
                onReviewed={onReviewed}
                onHistory={onHistory}
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
