import { useMemo } from 'react';
import { Alert, Box, Button } from '@mui/material';
import { useTranslate } from 'react-admin';
import { missingPluralForms } from '../plurals';
import type { Row } from './entries';

/**
 * Plural keys (i18next `_one`, `_other`, ... suffixes) lacking a form the
 * edited language needs (Intl.PluralRules: Greek one/other, Polish
 * one/few/many/other). Added forms start from the key's `other` text.
 */
export function PluralForms({ rows, lang, onAdd }: { rows: Row[]; lang: string; onAdd: (pairs: [string, string][]) => void }) {
  const translate = useTranslate();
  const missing = useMemo(
    () =>
      missingPluralForms(
        rows.map((r) => r.key.trim()),
        lang,
      ),
    [rows, lang],
  );
  if (missing.size === 0) return null;
  const text = (base: string) =>
    rows.find((r) => r.key.trim() === `${base}_other`)?.value ?? rows.find((r) => r.key.trim() === base)?.value ?? '';
  const add = () => onAdd([...missing].flatMap(([base, forms]) => forms.map((f): [string, string] => [`${base}_${f}`, text(base)])));
  return (
    <Alert
      severity="warning"
      data-testid="plural-forms"
      action={
        <Button color="inherit" size="small" variant="outlined" onClick={add}>
          {translate('app.translations.plural_add')}
        </Button>
      }
    >
      {translate('app.translations.plural_missing', { count: missing.size, lang: lang.toUpperCase() })}
      <Box
        component="ul"
        sx={{ m: 0, mt: 1, pl: 2, maxHeight: 160, overflow: 'auto', fontFamily: 'monospace', fontSize: 13, wordBreak: 'break-word' }}
      >
        {[...missing].slice(0, 50).map(([base, forms]) => (
          <li key={base}>
            {base}: {forms.map((f) => `_${f}`).join(', ')}
          </li>
        ))}
      </Box>
    </Alert>
  );
}
