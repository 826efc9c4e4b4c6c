import { lazy, Suspense, useEffect, useState } from 'react';
import { IconButton, Tooltip } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { useTranslate } from 'react-admin';
import { lazyWithTimeout } from '../../../core/web/lazyWithTimeout';

// Its own chunk: the palette (a combobox and the search request) loads when first opened.
const CommandPalette = lazy(lazyWithTimeout(() => import('./CommandPalette')));

/** Ctrl+K, or Cmd+K on a Mac. */
const isPaletteKey = (e: KeyboardEvent) => (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 'k';

/** The app bar's search button; Ctrl+K / Cmd+K opens the same palette from anywhere in the admin. */
export function SearchButton() {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!isPaletteKey(e)) return;
      e.preventDefault();
      setOpen(true);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  const label = translate('app.palette.open');
  return (
    <>
      <Tooltip title={`${label} (Ctrl+K)`}>
        <IconButton color="inherit" onClick={() => setOpen(true)} aria-label={label} aria-keyshortcuts="Control+K Meta+K">
          <SearchIcon />
        </IconButton>
      </Tooltip>
      {open && (
        <Suspense fallback={null}>
          <CommandPalette onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
