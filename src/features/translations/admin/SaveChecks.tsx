import { Alert, Checkbox, FormControlLabel } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { SaveFindings } from '../markup';

/**
 * Before saving: how many changed entries the server would refuse
 * (placeholders: never overridable) and the tag warnings, with the box
 * that sends `acceptTagWarnings`.
 */
export function SaveChecks({
  findings,
  referenceLang,
  accept,
  onAccept,
}: {
  findings: SaveFindings;
  referenceLang: string;
  accept: boolean;
  onAccept: (v: boolean) => void;
}) {
  const translate = useTranslate();
  const nErr = Object.keys(findings.errors).length;
  const nWarn = Object.keys(findings.warnings).length;
  const lang = referenceLang.toUpperCase();
  if (!nErr && !nWarn) return null;
  return (
    <>
      {nErr > 0 && (
        <Alert severity="error" sx={{ mb: 1 }} data-testid="save-errors">
          {translate('app.translations.errors_block', { count: nErr, lang })}
        </Alert>
      )}
      {nWarn > 0 && (
        <Alert severity="warning" sx={{ mb: 1 }} data-testid="save-warnings">
          {translate('app.translations.tag_warnings', { count: nWarn, lang })}
          <FormControlLabel
            sx={{ display: 'flex' }}
            control={<Checkbox size="small" checked={accept} onChange={(e) => onAccept(e.target.checked)} />}
            label={translate('app.translations.accept_tags')}
          />
        </Alert>
      )}
    </>
  );
}
