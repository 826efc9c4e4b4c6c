import { useState, type FormEvent } from 'react';
import { IconButton, InputAdornment, TextField } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { useListContext, useTranslate } from 'react-admin';

/** Searches on submit; react-admin's setFilters goes back to page 1. */
export function SearchBox({ placeholder }: { placeholder: string }) {
  const translate = useTranslate();
  const { filterValues, setFilters, displayedFilters } = useListContext();
  const current = typeof filterValues.q === 'string' ? filterValues.q : '';
  const [text, setText] = useState(current);
  // The search changed elsewhere (back button, cleared filter): show it (set while rendering, not in an effect).
  const [shownSearch, setShownSearch] = useState(current);
  if (shownSearch !== current) {
    setShownSearch(current);
    setText(current);
  }
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const q = text.trim();
    const { q: _old, ...rest } = filterValues;
    setFilters(q ? { ...rest, q } : rest, displayedFilters, false);
  };
  const label = translate(placeholder, { _: 'Search' });
  return (
    <form onSubmit={submit} role="search" style={{ flex: '1 1 280px', maxWidth: 420 }}>
      <TextField
        size="small"
        fullWidth
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={label}
        slotProps={{
          htmlInput: { 'aria-label': label },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton type="submit" size="small" aria-label={translate('ra.action.search')}>
                  <SearchIcon fontSize="small" />
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
    </form>
  );
}
