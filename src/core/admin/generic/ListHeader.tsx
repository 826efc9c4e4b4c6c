import type { ReactNode } from 'react';
import { Box, Button, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useListContext, useTranslate } from 'react-admin';
import type { ResourceDef } from '../../shared/resource';

/** 'Users (12)' and the 'Add New ...' button, plus any screen-specific buttons. */
export function ListHeader({ def, onAdd, extra, canAdd }: { def: ResourceDef; onAdd: () => void; extra?: ReactNode; canAdd: boolean }) {
  const translate = useTranslate();
  const { total, meta, error } = useListContext();
  const plural = translate(`resources.${def.name}.name`, { smart_count: 2, _: def.name });
  const singular = translate(`resources.${def.name}.name`, { smart_count: 1, _: def.name });
  const label = typeof meta?.totalLabel === 'string' ? meta.totalLabel : total;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 2 }}>
      <Typography variant="h5" component="h1" sx={{ flex: 1 }} data-testid="list-title">
        {/* A failed load has no total: no '(0)'. */}
        {error ? plural : translate('app.list.title', { name: plural, total: label ?? 0 })}
      </Typography>
      {extra}
      {canAdd && def.form && (
        <Button variant="contained" startIcon={<AddIcon />} onClick={onAdd}>
          {/* Per resource where a language declines the noun (el: 'Νέος χρήστης'). */}
          {translate(`resources.${def.name}.add_new`, { _: translate('app.list.add_new', { name: singular }) })}
        </Button>
      )}
    </Box>
  );
}
