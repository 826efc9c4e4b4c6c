import { Box, Card } from '@mui/material';
import { SimpleList, useLocaleState, useTranslate, type Identifier } from 'react-admin';
import type { ColumnDef, ResourceDef } from '../../shared/resource';
import type { Abilities } from './useAbilities';
import { useAdminResources } from '../resources/AdminResources';
import { columnField } from './columnField';
import { RowActions } from './RowActions';
import { readableColumns } from './fieldAccess';

/**
 * A list on a phone: react-admin's SimpleList instead
 * of a table, one row per record: the first declared column as the title,
 * the second and third under it (SimpleList's tertiary text shares the
 * title's line and ran into it), each drawn by its field kind's cell; the
 * row's edit/delete buttons beside it.
 */
export function CompactList({ def, may, onEdit }: { def: ResourceDef; may: Abilities; onEdit: (id: Identifier) => void }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { resources } = useAdminResources();
  const cell = (c: ColumnDef | undefined) => (c ? columnField(def, c, translate, locale, resources) : undefined);
  const [first, second, third] = readableColumns(def, may.access);
  const hasActions = def.form && (may.update || may.delete);
  return (
    <Card variant="outlined" data-testid="compact-list">
      <SimpleList
        primaryText={cell(first)}
        secondaryText={
          <Box component="span" sx={{ display: 'flex', flexDirection: 'column', minWidth: 0, overflowWrap: 'anywhere' }}>
            {cell(second)}
            {cell(third)}
          </Box>
        }
        rowClick={false}
        rightIcon={hasActions ? () => <RowActions def={def} may={may} onEdit={onEdit} /> : undefined}
      />
    </Card>
  );
}
