import { ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useSidebarState, useTranslate } from 'react-admin';
import type { MenuMode } from './useMenuMode';

export function MenuModeSwitch({ mode, onChange }: { mode: MenuMode; onChange: (m: MenuMode) => void }) {
  const translate = useTranslate();
  const [open] = useSidebarState();
  if (!open) return null;
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      fullWidth
      value={mode}
      onChange={(_, v: MenuMode | null) => v && onChange(v)}
      sx={{ px: 1.5, py: 1 }}
      aria-label={translate('app.menu.mode', { _: 'Menu mode' })}
    >
      <ToggleButton value="view">{translate('app.menu.view', { _: 'View' })}</ToggleButton>
      <ToggleButton value="admin">{translate('app.menu.admin', { _: 'Admin' })}</ToggleButton>
    </ToggleButtonGroup>
  );
}
