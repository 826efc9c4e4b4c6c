import { Box, Chip } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';

/** The title, marked when the item is under review (hidden from the public page). */
export function TitleCell(_props: { label?: string; sortable?: boolean; source?: string }) {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <span>{String(record.title ?? '')}</span>
      {record.under_review === true && (
        <Chip size="small" color="warning" variant="outlined" label={translate('resources.experiences.fields.under_review')} />
      )}
    </Box>
  );
}
