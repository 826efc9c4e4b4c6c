import { useState, type ReactNode } from 'react';
import { Box, Card, useMediaQuery, type Theme } from '@mui/material';
import { Datagrid, ListBase, Pagination, Title, useLocaleState, useTranslate } from 'react-admin';
import { hasOperation as can, type ResourceDef } from '../../shared/resource';
import { columnField } from './columnField';
import { CompactList } from './CompactList';
import { useAdminResources } from '../resources/AdminResources';
import { FormDialog, type DialogTarget } from './FormDialog';
import { ListHeader } from './ListHeader';
import { ListStatus } from './ListStatus';
import { RowActions } from './RowActions';
import { SearchBox } from './SearchBox';

/** SPEC 9: default list page size. */
export const PAGE_SIZE = 25;
const PAGE_SIZES = [10, 25, 50, 100];

/** The shared list layout of SPEC 2, generated from a declaration. */
export default function GenericList({ def, extra }: { def: ResourceDef; extra?: ReactNode }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [dialog, setDialog] = useState<DialogTarget | null>(null);
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const { resources } = useAdminResources();
  const hasActions = def.form && (can(def, 'update') || can(def, 'delete'));
  return (
    <ListBase resource={def.name} perPage={PAGE_SIZE} sort={def.defaultSort}>
      <Title title={translate(`resources.${def.name}.name`, { smart_count: 2, _: def.name })} />
      <Box sx={{ p: { xs: 1, sm: 2 } }}>
        <ListHeader def={def} extra={extra} onAdd={() => setDialog({ mode: 'create' })} />
        <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
          <SearchBox placeholder={def.list.searchPlaceholder} />
          <Box sx={{ flex: 1 }} />
          <Pagination rowsPerPageOptions={PAGE_SIZES} data-testid="pagination-top" />
        </Box>
        <ListStatus resource={def.name} />
        {/* A phone gets a compact list; wide tables scroll inside their card. */}
        {small ? (
          <CompactList def={def} onEdit={(id) => setDialog({ mode: 'edit', id })} />
        ) : (
          <Card variant="outlined" sx={{ overflowX: 'auto', contain: 'inline-size' }}>
            <Datagrid bulkActionButtons={false} rowClick={false} sx={{ '& .RaDatagrid-headerCell': { fontWeight: 600 } }}>
              {def.list.columns.map((c) => columnField(def, c, translate, locale, resources))}
              {hasActions && (
                <RowActions label={translate('app.list.actions')} def={def} onEdit={(id) => setDialog({ mode: 'edit', id })} />
              )}
            </Datagrid>
          </Card>
        )}
        <Pagination rowsPerPageOptions={PAGE_SIZES} data-testid="pagination-bottom" />
      </Box>
      {dialog && <FormDialog def={def} target={dialog} onClose={() => setDialog(null)} />}
    </ListBase>
  );
}
