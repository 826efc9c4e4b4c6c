import { useEffect, useMemo, useRef, useState, type HTMLAttributes, type Key } from 'react';
import {
  Autocomplete,
  Box,
  Dialog,
  DialogTitle,
  IconButton,
  TextField,
  Typography,
  useMediaQuery,
  type PaperProps,
  type PopperProps,
  type Theme,
} from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import CloseIcon from '@mui/icons-material/Close';
import { useQuery, keepPreviousData } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { useGetIdentity, useLocale, usePermissions, useTranslate } from 'react-admin';
import type { AdminPermissions } from '../../../core/admin/providers/permissions';
import { useAdminResources } from '../../../core/admin/resources/AdminResources';
import { useMayCall } from '../../../core/admin/generic/useMayCall';
import { ADMIN_BASE } from '../../../core/shared/record-path';
import type { SearchMatch } from '../contract';
import { searchRecords } from './searchApi';
import { actionOptions, recentOptions, recordOptions, screenOptions, withRecent, type PaletteOption } from './paletteOptions';

/** Typing settles this long before the server is asked. */
const DEBOUNCE_MS = 200;

function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return settled;
}

const isAdminPath = (p: unknown): p is string => typeof p === 'string' && (p === ADMIN_BASE || /^\/admin[/?]/.test(p));

/** The recent choices saved under `key` (only well-formed admin paths are kept: the storage is the browser's). */
function readRecent(key: string): PaletteOption[] {
  try {
    const raw: unknown = JSON.parse(localStorage.getItem(key) ?? '[]');
    return (Array.isArray(raw) ? raw : []).filter(
      (o): o is PaletteOption =>
        !!o && typeof o === 'object' && typeof o.key === 'string' && typeof o.label === 'string' && isAdminPath(o.path),
    );
  } catch {
    return [];
  }
}

/** The recent choices of the signed-in person on this browser, and how to add one. */
function useRecent(userId: string | undefined): [PaletteOption[], (o: PaletteOption) => void] {
  const key = `app.palette.recent.${userId ?? ''}`;
  const [saved, setSaved] = useState<{ key: string; list: PaletteOption[] } | null>(null);
  const recent = useMemo(() => (saved?.key === key ? saved.list : readRecent(key)), [saved, key]);
  const remember = (o: PaletteOption) => {
    const list = withRecent(recent, o);
    setSaved({ key, list });
    localStorage.setItem(key, JSON.stringify(list));
  };
  return [recent, remember];
}

/**
 * `text` with the matched characters marked: black on the warning colour in
 * both themes (the dark theme's light orange under its white text was 1.7:1).
 */
function Marked({ match }: { match: SearchMatch }) {
  const { text, start, length } = match;
  return (
    <>
      {text.slice(0, start)}
      <Box component="mark" sx={{ bgcolor: 'warning.light', color: 'common.black', px: 0.25 }}>
        {text.slice(start, start + length)}
      </Box>
      {text.slice(start + length)}
    </>
  );
}

/** An option: its label, marked where the term matched it, else followed by the matched field's text. */
function OptionText({ option }: { option: PaletteOption }) {
  const inLabel = option.match && option.match.text === option.label;
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography component="span" sx={{ display: 'block' }} noWrap>
        {inLabel && option.match ? <Marked match={option.match} /> : option.label}
      </Typography>
      {!inLabel && option.match && (
        <Typography variant="body2" color="text.secondary" noWrap component="span" sx={{ display: 'block' }}>
          <Marked match={option.match} />
        </Typography>
      )}
    </Box>
  );
}

/** The list sits in the dialog itself, not in a floating popper or on a paper of its own. */
function InlinePopper({ children }: PopperProps) {
  return <Box sx={{ mt: 1 }}>{typeof children === 'function' ? null : children}</Box>;
}
function InlinePaper({ children }: PaperProps) {
  return <Box>{children}</Box>;
}

/**
 * Ctrl+K / Cmd+K: one box for the screens of the menu, the actions the user
 * may take and the records they may read (GET /api/auth/search), recent
 * choices first. An accessible combobox: arrow keys move, Enter opens,
 * Escape closes.
 */
export default function CommandPalette({ onClose }: { onClose: () => void }) {
  const translate = useTranslate();
  const locale = useLocale();
  const navigate = useNavigate();
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const { permissions } = usePermissions<AdminPermissions>();
  const { identity } = useGetIdentity();
  const { resources } = useAdminResources();
  const may = useMayCall();
  const [query, setQuery] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const term = useDebounced(query.trim(), DEBOUNCE_MS);
  const [recent, remember] = useRecent(identity?.id === undefined ? undefined : String(identity.id));
  const categories = useMemo(() => permissions?.categories ?? [], [permissions]);
  const found = useQuery({
    queryKey: ['app', 'search', term],
    queryFn: ({ signal }) => searchRecords(term, signal),
    enabled: term.length > 0,
    staleTime: 15_000,
    placeholderData: keepPreviousData,
    retry: false,
  });
  const options = useMemo(() => {
    const q = query.trim();
    const records = q && found.data ? recordOptions(found.data.groups, translate, locale) : [];
    return [
      ...recentOptions(recent, translate, q),
      ...actionOptions(resources.list, may, categories, translate, q),
      ...screenOptions(categories, translate, q),
      ...records,
    ];
  }, [query, found.data, recent, resources, may, categories, translate, locale]);
  const open = (o: PaletteOption | null) => {
    if (!o) return;
    remember(o);
    onClose();
    navigate(o.path.slice(ADMIN_BASE.length) || '/');
  };
  const searching = query.trim().length > 0 && (found.isFetching || term !== query.trim());
  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      fullScreen={small}
      maxWidth="sm"
      aria-labelledby="palette-title"
      slotProps={{ transition: { onEntered: () => input.current?.focus() } }}
    >
      <DialogTitle id="palette-title" sx={{ pb: 0, pr: 7 }}>
        {translate('app.palette.title')}
      </DialogTitle>
      {/* A phone has no Escape key: the palette fills its screen, so it needs a way out. */}
      <IconButton aria-label={translate('ra.action.close')} onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
        <CloseIcon />
      </IconButton>
      <Box sx={{ px: { xs: 1.5, sm: 3 }, pb: 2, pt: 1 }} data-testid="command-palette">
        <Autocomplete<PaletteOption, false, false, false>
          open
          disablePortal
          autoHighlight
          forcePopupIcon={false}
          fullWidth
          options={options}
          filterOptions={(x) => x}
          groupBy={(o) => o.group}
          getOptionLabel={(o) => o.label}
          getOptionKey={(o) => o.key}
          isOptionEqualToValue={(a, b) => a.key === b.key}
          inputValue={query}
          onInputChange={(_, v, reason) => reason !== 'reset' && setQuery(v)}
          onChange={(_, o) => open(o)}
          // The list never closes by itself; Escape closes the whole palette.
          onClose={(_, reason) => reason === 'escape' && onClose()}
          loading={searching}
          loadingText={translate('app.palette.searching')}
          noOptionsText={found.isError ? translate('app.palette.failed') : translate('app.palette.nothing')}
          slots={{ popper: InlinePopper, paper: InlinePaper }}
          slotProps={{ listbox: { 'aria-label': translate('app.palette.results'), sx: { maxHeight: small ? 'none' : '60vh' } } }}
          // A group the combobox pattern allows inside a listbox (MUI's own is a list of lists, which axe refuses).
          renderGroup={(params) => (
            <li key={params.key} role="group" aria-labelledby={`palette-group-${params.key}`}>
              <Typography
                id={`palette-group-${params.key}`}
                component="div"
                variant="overline"
                color="text.secondary"
                sx={{ px: 2, pt: 1, lineHeight: 2 }}
              >
                {params.group}
              </Typography>
              <Box component="ul" role="presentation" sx={{ p: 0, m: 0 }}>
                {params.children}
              </Box>
            </li>
          )}
          renderOption={({ key, ...props }: HTMLAttributes<HTMLLIElement> & { key: Key }, o) => (
            <li key={key} {...props}>
              <OptionText option={o} />
            </li>
          )}
          renderInput={(params) => (
            <TextField
              {...params}
              inputRef={input}
              placeholder={translate('app.palette.placeholder')}
              slotProps={{
                ...params.slotProps,
                htmlInput: { ...params.slotProps.htmlInput, 'aria-label': translate('app.palette.label') },
                input: { ...params.slotProps.input, startAdornment: <SearchIcon sx={{ mr: 1, color: 'text.secondary' }} aria-hidden /> },
              }}
            />
          )}
        />
        {searching && (
          <Typography role="status" variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {translate('app.palette.searching')}
          </Typography>
        )}
      </Box>
    </Dialog>
  );
}
