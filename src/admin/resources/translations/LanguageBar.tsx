import { Box, Button, ButtonGroup } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import { useNotify, useTranslate } from 'react-admin';
import { normalizeLanguageCode } from './languageCode';

interface Props {
  codes: string[];
  lang: string | null;
  generating: boolean;
  onSelect: (code: string) => void;
  onAdd: (code: string) => void;
  onGenerate: () => void;
}

/** Language buttons (upper-case codes), Add New Language and Generate Translations (SPEC 2). */
export function LanguageBar({ codes, lang, generating, onSelect, onAdd, onGenerate }: Props) {
  const translate = useTranslate();
  const notify = useNotify();

  const add = () => {
    const input = window.prompt(translate('app.translations.add_prompt'));
    if (input === null || !input.trim()) return;
    const code = normalizeLanguageCode(input);
    if (!code) {
      notify(translate('app.translations.invalid_code', { code: input.trim() }), { type: 'error' });
      return;
    }
    onAdd(code);
  };

  const generate = () => {
    if (window.confirm(translate('app.translations.generate_confirm'))) onGenerate();
  };

  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
      <ButtonGroup aria-label={translate('app.translations.languages')} sx={{ flexWrap: 'wrap' }}>
        {codes.map((c) => (
          <Button key={c} variant={c === lang ? 'contained' : 'outlined'} aria-pressed={c === lang} onClick={() => onSelect(c)}>
            {c.toUpperCase()}
          </Button>
        ))}
      </ButtonGroup>
      <Button startIcon={<AddIcon />} onClick={add}>
        {translate('app.translations.add_language')}
      </Button>
      <Box sx={{ flex: 1 }} />
      <Button variant="outlined" color="secondary" startIcon={<AutorenewIcon />} onClick={generate} disabled={generating}>
        {translate('app.translations.generate')}
      </Button>
    </Box>
  );
}
