import type { ReactElement } from 'react';
import { Tooltip } from '@mui/material';

/**
 * A row button's tooltip, where the device can hover. On a touch screen the
 * button alone (its `aria-label` names it): MUI's Tooltip shows on hover, on
 * keyboard focus and after a long press, and the two of every row were a
 * fifth of a phone list's drawing.
 */
export function RowTooltip({ title, hover, children }: { title: string; hover: boolean; children: ReactElement }) {
  return hover ? <Tooltip title={title}>{children}</Tooltip> : children;
}
