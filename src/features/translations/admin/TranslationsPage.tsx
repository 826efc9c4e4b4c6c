import { useState } from 'react';
import { Box, Button, Card, CardContent, LinearProgress, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import SortByAlphaIcon from '@mui/icons-material/SortByAlpha';
import SaveIcon from '@mui/icons-material/Save';
import { Title, useTranslate } from 'react-admin';
import { DEFAULT_REFERENCE_LANGUAGE } from '../entry-status';
import { EntriesTable } from './EntriesTable';
import { LanguageBar } from './LanguageBar';
import { MissingKeys } from './MissingKeys';
import { PluralForms } from './PluralForms';
import { SaveChecks } from './SaveChecks';
import { RawJsonEditor } from './RawJsonEditor';
import { TimesInfo } from './TimesInfo';
import { useTranslationsEditor } from './useTranslationsEditor';
import { KeyHistoryDialog } from './KeyHistoryDialog';
import { useMayCall } from '../../../core/admin/generic/useMayCall';

/** The translations editor at /admin/translations. */
export function TranslationsPage() {
  const translate = useTranslate();
  const ed = useTranslationsEditor();
  const [focusId, setFocusId] = useState<number | null>(null);
  const [historyKey, setHistoryKey] = useState<string | null>(null);
  // A key's history is for whoever may save translations (its route checks the same permission).
  const mayHistory = useMayCall()('PUT', '/api/auth/translations');
  const title = translate('app.translations.title');

  return (
    // contain: the wide table scrolls inside the page instead of widening the layout on phones.
    <Box data-testid="translations-editor" sx={{ p: { xs: 1, sm: 2 }, contain: 'inline-size', boxSizing: 'border-box' }}>
      <Title title={title} />
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {title}
        {ed.lang && ` — ${ed.lang.toUpperCase()}`}
      </Typography>
      <Stack spacing={2}>
        <LanguageBar
          codes={ed.codes}
          languages={ed.languages}
          referenceLang={DEFAULT_REFERENCE_LANGUAGE}
          lang={ed.lang}
          generating={ed.busy === 'generate'}
          onSelect={ed.select}
          onAdd={ed.addLanguage}
          onGenerate={() => void ed.generate()}
        />
        <TimesInfo info={ed.info} />
        {ed.loading && <LinearProgress />}
        {ed.lang && !ed.loading && (
          <>
            {ed.reference && (
              <MissingKeys rows={ed.rows} reference={ed.reference.texts} referenceLang={ed.reference.lang} onAdd={ed.prepend} />
            )}
            <PluralForms rows={ed.rows} lang={ed.lang} onAdd={ed.prepend} />
            <Card variant="outlined">
              <CardContent>
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2 }}>
                  <Button startIcon={<AddIcon />} onClick={() => setFocusId(ed.addRow())}>
                    {translate('app.translations.add_row')}
                  </Button>
                  <Button startIcon={<SortByAlphaIcon />} onClick={ed.sort}>
                    {translate('app.translations.sort')}
                  </Button>
                  <Box sx={{ flex: 1 }} />
                  {ed.dirty && (
                    <Typography variant="body2" color="warning.main" sx={{ alignSelf: 'center' }}>
                      {translate('app.translations.unsaved')}
                    </Typography>
                  )}
                  <Button variant="contained" startIcon={<SaveIcon />} onClick={() => void ed.save()} disabled={ed.busy === 'save'}>
                    {translate('app.translations.save')}
                  </Button>
                </Box>
                <SaveChecks
                  findings={ed.findings()}
                  referenceLang={ed.reference?.lang ?? ''}
                  accept={ed.acceptTags}
                  onAccept={ed.setAcceptTags}
                />
                <EntriesTable
                  rows={ed.rows}
                  focusId={focusId}
                  reference={ed.reference}
                  loaded={ed.loaded}
                  reviewed={ed.reviewed}
                  onChange={ed.updateRow}
                  onDelete={ed.deleteRow}
                  onReviewed={ed.markReviewed}
                  onHistory={mayHistory ? setHistoryKey : undefined}
                />
              </CardContent>
            </Card>
            <RawJsonEditor rows={ed.rows} onParsed={ed.replaceAll} />
            <KeyHistoryDialog lang={ed.lang} entryKey={historyKey} onClose={() => setHistoryKey(null)} />
          </>
        )}
      </Stack>
    </Box>
  );
}
