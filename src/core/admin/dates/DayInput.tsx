import { lazy, Suspense } from 'react';
import { TextField } from '@mui/material';
import type { DayPickerProps } from './DayPicker';

const DayPicker = lazy(() => import('./DayPicker'));

/**
 * A day in the interface's format (`DayPicker`), loaded when a screen first
 * shows one: the date pickers stay out of the admin's first load. Until
 * then a field of the same size and label holds its place.
 */
export function DayInput(props: DayPickerProps) {
  const { label, variant = 'filled', size = 'small', sx } = props;
  return (
    <Suspense
      fallback={<TextField label={label} variant={variant} size={size} sx={sx} disabled slotProps={{ inputLabel: { shrink: true } }} />}
    >
      <DayPicker {...props} variant={variant} size={size} />
    </Suspense>
  );
}
