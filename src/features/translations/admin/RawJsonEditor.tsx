import { useMemo, useState } from 'react';
import { Accordion, AccordionDetails, AccordionSummary, Box, Button, TextField, Typography } from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useTranslate } from 'react-admin';
import { toEntries, type Row } from './entries';
import { parseRawJson, toRawJson } from './rawJson';
import type { Entries } from './translationsApi';

/**
 * The raw JSON editor. It shows the table's entries until the
 * person types; 'Parse Raw JSON' then replaces the table with the text.
 * Closed by default: building the text of thousands of keys costs nothing
 * until someone wants it.
 */
export function RawJsonEditor({ rows, onParsed }: { rows: Row[]; onParsed: (entries: Entries) => void }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  /** null: follow the table; a string: the person's own edit. */
  const [draft, setDraft] = useState<string | null>(null);
  const fromTable = useMemo(() => (open ? toRawJson(toEntries(rows)) : ''), [open, rows]);
  const text = draft ?? fromTable;

  const parse = () => {
    const entries = parseRawJson(text);
    if (!entries) {
      window.alert(translate('app.translations.invalid_json'));
      return;
    }
    onParsed(entries);
    setDraft(null);
  };

  return (
    <Accordion
      expanded={open}
      onChange={(_, v) => setOpen(v)}
      disableGutters
      variant="outlined"
      slotProps={{ transition: { unmountOnExit: true } }}
    >
      <AccordionSummary expandIcon={<ExpandMoreIcon />}>
        <Typography>{translate('app.translations.raw_json')}</Typography>
      </AccordionSummary>
      <AccordionDetails>
        <TextField
          value={text}
          onChange={(e) => setDraft(e.target.value)}
          multiline
          variant="outlined"
          minRows={10}
          maxRows={24}
          fullWidth
          slotProps={{
            htmlInput: {
              'aria-label': translate('app.translations.raw_json'),
              spellCheck: false,
              style: { fontFamily: 'monospace', fontSize: 13 },
            },
          }}
        />
        <Box sx={{ display: 'flex', gap: 1, mt: 1, flexWrap: 'wrap' }}>
          <Button variant="contained" onClick={parse}>
            {translate('app.translations.parse_json')}
          </Button>
          {draft !== null && <Button onClick={() => setDraft(null)}>{translate('app.translations.raw_reset')}</Button>}
        </Box>
      </AccordionDetails>
    </Accordion>
  );
}
