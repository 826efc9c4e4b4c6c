import { useMemo, useState } from 'react';
import { Alert, Box, Button, Collapse, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { missingEntries, type Row } from './entries';
import type { Entries } from './translationsApi';

/** How many keys to list; the button adds all of them. */
const LIST_LIMIT = 100;

/**
 * Keys the reference language has and this one lacks (el, or en when el is
 * edited). They are added with the reference text, so the interface shows
 * something readable until someone translates them.
 */
export function MissingKeys({
  rows,
  reference,
  referenceLang,
  onAdd,
}: {
  rows: Row[];
  reference: Entries;
  referenceLang: string;
  onAdd: (pairs: [string, string][]) => void;
}) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const missing = useMemo(() => missingEntries(rows, reference), [rows, reference]);
  const ref = referenceLang.toUpperCase();
  if (missing.length === 0) {
    return (
      <Alert severity="success" data-testid="missing-keys">
        {translate('app.translations.none_missing', { lang: ref })}
      </Alert>
    );
  }
  return (
    <Alert
      severity="warning"
      data-testid="missing-keys"
      action={
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button color="inherit" size="small" onClick={() => setOpen((o) => !o)}>
            {translate(open ? 'app.translations.hide_missing' : 'app.translations.show_missing')}
          </Button>
          <Button color="inherit" size="small" variant="outlined" onClick={() => onAdd(missing)}>
            {translate('app.translations.add_missing')}
          </Button>
        </Box>
      }
    >
      {translate('app.translations.missing', { count: missing.length, smart_count: missing.length, lang: ref })}
      <Collapse in={open} unmountOnExit>
        <Box component="ul" sx={{ m: 0, mt: 1, pl: 2, maxHeight: 240, overflow: 'auto', fontFamily: 'monospace', fontSize: 13 }}>
          {missing.slice(0, LIST_LIMIT).map(([k, v]) => (
            <li key={k}>
              {k}{' '}
              <Typography component="span" variant="caption" color="text.secondary">
                — {v}
              </Typography>
            </li>
          ))}
          {missing.length > LIST_LIMIT && <li>…</li>}
        </Box>
      </Collapse>
    </Alert>
  );
}
