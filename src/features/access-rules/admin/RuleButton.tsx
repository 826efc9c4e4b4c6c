import { IconButton, Tooltip } from '@mui/material';
import TuneIcon from '@mui/icons-material/Tune';
import { useTranslate } from 'react-admin';

/** Opens a role's access rule for one resource (in the matrix, beside "all of this resource"). */
export function RuleButton({ role, resource, onOpen }: { role: string; resource: string; onOpen: () => void }) {
  const translate = useTranslate();
  const label = translate('app.access.open', { role, resource });
  return (
    <Tooltip title={label}>
      <IconButton size="small" aria-label={label} onClick={onOpen} aria-haspopup="dialog" data-testid="rule-button">
        <TuneIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}
