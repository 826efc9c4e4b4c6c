import { Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import type { LanguageInfo } from './translationsApi';
import { formatDateTime } from '../../../core/web/dates';

/** Last generated and last edited times of the selected language. */
export function TimesInfo({ info }: { info: LanguageInfo | null }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const when = (iso: string | null | undefined) => (iso ? formatDateTime(iso, locale) : translate('app.translations.never'));
  return (
    <Typography variant="body2" color="text.secondary" data-testid="translation-times">
      {translate('app.translations.last_generated')}: {when(info?.lastGenerated)} · {translate('app.translations.last_edited')}:{' '}
      {when(info?.updatedAt)}
    </Typography>
  );
}
