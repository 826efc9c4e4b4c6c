import { Box, Button, LinearProgress, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import { useNotify, useTranslate } from 'react-admin';
import { normalizeLanguageCode } from './languageCode';
import type { LanguageInfo } from './translationsApi';

interface Props {
  codes: string[];
  /** Saved languages with their progress (a language only added here has none yet). */
  languages: LanguageInfo[];
  referenceLang: string;
  lang: string | null;
  generating: boolean;
  onSelect: (code: string) => void;
  onAdd: (code: string) => void;
  onGenerate: () => void;
}

/** Read by screen readers (the button's description), not shown. */
const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** Language buttons (upper-case codes), Add New Language and Generate Translations. */
export function LanguageBar({ codes, languages, referenceLang, lang, generating, onSelect, onAdd, onGenerate }: Props) {
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
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}>
      <Box role="group" aria-label={translate('app.translations.languages')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {codes.map((c) => {
          const progress = languages.find((l) => l.language === c)?.progress;
          const isRef = c === referenceLang;
          const percent = progress && progress.total ? Math.floor((progress.translated / progress.total) * 100) : 0;
          const text = isRef
            ? translate('app.translations.progress_reference', { total: progress?.total ?? 0 })
            : translate('app.translations.progress', { translated: progress?.translated ?? 0, total: progress?.total ?? 0, percent });
          return (
            <Box key={c} sx={{ display: 'flex', flexDirection: 'column', alignItems: 'stretch', minWidth: 64 }}>
              <Button
                variant={c === lang ? 'contained' : 'outlined'}
                aria-pressed={c === lang}
                aria-describedby={`lang-progress-${c}`}
                onClick={() => onSelect(c)}
              >
                {c.toUpperCase()}
              </Button>
              <LinearProgress
                variant="determinate"
                value={isRef ? 100 : percent}
                aria-hidden
                color={isRef ? 'secondary' : percent === 100 ? 'success' : 'primary'}
                sx={{ mt: 0.5, height: 4, borderRadius: 2 }}
              />
              <Typography
                id={`lang-progress-${c}`}
                variant="caption"
                color="text.secondary"
                data-testid={`progress-${c}`}
                title={text}
                sx={{ textAlign: 'center', lineHeight: 1.4 }}
              >
                {isRef ? translate('app.translations.reference_short') : `${percent}%`}
                <Box component="span" sx={visuallyHidden}>
                  {' '}
                  {text}
                </Box>
              </Typography>
            </Box>
          );
        })}
      </Box>
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
