/**
 * The look every list filter input shares, so they sit in one row with the
 * search box (filled like it, small, fixed width, no helper line).
 */
export const FILTER_INPUT = {
  variant: 'filled',
  size: 'small',
  helperText: false,
  sx: {
    width: 170,
    m: 0,
    // A raised label may use the field's right padding too: 'Ημερομηνία εγγραφής έως' lost its last letter.
    '& .MuiInputLabel-root.MuiInputLabel-shrink': { maxWidth: 'calc(133% - 20px)' },
  },
} as const;
