import { Box, LinearProgress, type SxProps, type Theme } from '@mui/material';

/**
 * A list's loading bar: shown while `active`, and otherwise an empty box of
 * its height, so the rows under it do not move when loading starts or ends.
 * The bar is not kept in the page hidden: its CSS animation would go on
 * running, restyling and laying out the page every frame for as long as the
 * list stays open.
 */
export function LoadingBar({ active, sx }: { active: boolean; sx?: SxProps<Theme> }) {
  return active ? (
    <LinearProgress sx={sx} data-testid="list-loading" />
  ) : (
    // LinearProgress is 4 px high.
    <Box sx={[{ height: 4 }, ...(Array.isArray(sx) ? sx : [sx])]} />
  );
}
