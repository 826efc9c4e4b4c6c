import { TableCell } from '@mui/material';
import { useLocaleState } from 'react-admin';
import { formatWhen } from './formatWhen';

/** The product's date-time, allowed to wrap: the columns must fit beside the menu, in Greek too. */
export function WhenCell({ iso }: { iso: string | null }) {
  const [locale] = useLocaleState();
  return <TableCell sx={{ whiteSpace: 'normal !important', minWidth: 96 }}>{formatWhen(iso, locale)}</TableCell>;
}
