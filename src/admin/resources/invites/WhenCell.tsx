import { TableCell, Typography } from '@mui/material';
import { useLocaleState } from 'react-admin';
import { whenParts } from './formatWhen';

/** Date over time: seven columns must fit beside the menu, in Greek too. */
export function WhenCell({ iso }: { iso: string | null }) {
  const [locale] = useLocaleState();
  const { date, time } = whenParts(iso, locale);
  return (
    <TableCell>
      {date}
      <Typography component="div" variant="caption" color="text.secondary">
        {time}
      </Typography>
    </TableCell>
  );
}
