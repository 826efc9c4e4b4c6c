import { Suspense, useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Box, Card, useMediaQuery, type Theme } from '@mui/material';
import {
  DatagridConfigurable,
  ListBase,
  Pagination,
  SelectColumnsButton,
  Title,
  useLocaleState,
  useTranslate,
  type Identifier,
} from 'react-admin';
import type { ResourceDef } from '../../shared/resource';
import { useAbilities, type Abilities } from './useAbilities';
import { columnField } from './columnField';
import { CompactList } from './CompactList';
import { useAdminResources } from '../resources/AdminResources';
import type { DialogTarget } from './FormDialog';
import { LazyFormDialog, preloadFormDialog } from './LazyFormDialog';
import { useOpenFromUrl } from './useOpenFromUrl';
import { ListHeader } from './ListHeader';
import { ListStatus } from './ListStatus';
import { WhenListLoaded } from './WhenListLoaded';
import { DeferredRows } from './DeferredRows';
import { RowActions } from './RowActions';
import { SearchBox } from './SearchBox';
import { ListFilters } from './ListFilters';
import { FiltersPanel, FiltersToggle } from './PhoneFilters';
import { ExportButton } from './ExportButton';
import { ImportButton } from '../../../features/imports/admin/ImportButton';
import { TrashButton } from '../trash/TrashButton';
import { BulkDelete } from './BulkDelete';
import { listPreferenceKey } from './useListPreferenceKey';
import { isSelf } from './selfRecord';
import { readableColumns } from './fieldAccess';
import { useRowCheckboxLabels } from './useRowCheckboxLabels';
import { useHiddenSortDropped } from './useHiddenSortDropped';
import { ViewsButton } from '../../../features/saved-views/admin/ViewsButton';

/** Default list page size. */
export const PAGE_SIZE = 25;
const PAGE_SIZES = [10, 25, 50, 100];

interface ToolbarProps {
  def: ResourceDef;
  /** Whether the user may read a field: filters on the others are not offered. */
  readable: (field: string) => boolean;
  small: boolean;
  preferenceKey: string;
  /** On a phone: the user's last choice to show the filters or not (undefined: none yet). */
  filtersChoice: boolean | undefined;
  onFiltersChoice: (shown: boolean) => void;
}

/** Search and filters, then export and import, the column chooser (or the phone's filters toggle) and the pagination. */
function ListToolbar({ def, readable, small, preferenceKey, filtersChoice, onFiltersChoice }: ToolbarProps) {
  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1 }}>
        <SearchBox placeholder={def.list.searchPlaceholder} />
        {!small && <ListFilters def={def} readable={readable} />}
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <ViewsButton def={def} preferenceKey={preferenceKey} />
        <ExportButton def={def} />
        <ImportButton def={def} />
        <TrashButton def={def} />
        {/* The compact list shows its first three columns: a column chooser would change nothing there. */}
        {small ? (
          <FiltersToggle def={def} readable={readable} choice={filtersChoice} onChange={onFiltersChoice} />
        ) : (
          <SelectColumnsButton preferenceKey={preferenceKey} />
        )}
        <Box sx={{ flex: 1 }} />
        {/* A phone has the pagination under its records only: the title already counts them. */}
        {!small && (
          <WhenListLoaded>
            <Pagination rowsPerPageOptions={PAGE_SIZES} data-testid="pagination-top" />
          </WhenListLoaded>
        )}
      </Box>
    </>
  );
}

interface TableProps {
  def: ResourceDef;
  may: Abilities;
  preferenceKey: string;
  tableRef: RefObject<HTMLDivElement | null>;
  onEdit: (id: Identifier) => void;
}

/** The records as a table with configurable columns; wide tables scroll inside their card. */
function RecordTable({ def, may, preferenceKey, tableRef, onEdit }: TableProps) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { resources } = useAdminResources();
  const editable = Boolean(def.form) && may.update;
  const hasActions = def.form && (may.update || may.delete);
  return (
    <Card
      ref={tableRef}
      variant="outlined"
      sx={{
        overflowX: 'auto',
        contain: 'inline-size',
        // The selection bar opens inside the card: its default floats above the table, where the card clips it
        // (the class twice outranks react-admin's own rule).
        '& .RaBulkActionsToolbar-toolbar.RaBulkActionsToolbar-toolbar': { position: 'relative', transform: 'none' },
      }}
    >
      <DatagridConfigurable
        preferenceKey={preferenceKey}
        bulkActionButtons={may.delete ? <BulkDelete resource={def.name} /> : false}
        // Records outside the user's writeWhere are neither selected for bulk actions nor opened.
        isRowSelectable={(record) => !isSelf(def, record) && may.access.writeRecord(record)}
        rowClick={
          editable
            ? (id, _resource, record) => {
                if (may.access.writeRecord(record)) onEdit(id);
                return false;
              }
            : false
        }
        sx={{
          '& .RaDatagrid-headerCell': { fontWeight: 600 },
        }}
      >
        {readableColumns(def, may.access).map((c) => columnField(def, c, translate, locale, resources))}
        {hasActions && <RowActions label={translate('app.list.actions')} def={def} may={may} onEdit={onEdit} />}
      </DatagridConfigurable>
    </Card>
  );
}

/**
 * The shared list layout, generated from a declaration: search and
 * filters, export, column chooser, bulk delete, sortable headers, and a
 * click on a row opens the record.
 */
export default function GenericList({ def, extra }: { def: ResourceDef; extra?: ReactNode }) {
  const translate = useTranslate();
  const [dialog, setDialog] = useState<DialogTarget | null>(null);
  const [filtersChoice, setFiltersChoice] = useState<boolean>();
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  // Only what the user's permissions allow.
  const may = useAbilities(def);
  const hiddenSort = useHiddenSortDropped(def.name, may.access);
  const preferenceKey = listPreferenceKey(def.name);
  const table = useRef<HTMLDivElement>(null);
  useRowCheckboxLabels(table);
  // The add/edit modal is its own chunk (not needed to show a list); it is
  // fetched once the list is idle, so a click on a row opens it at once.
  useEffect(() => preloadFormDialog(), []);
  const edit = (id: Identifier) => setDialog({ mode: 'edit', id });
  useOpenFromUrl(may, setDialog);
  if (hiddenSort) return null;
  return (
    // A sort on a field the user may not read is a 403: then the server's own order.
    <ListBase
      resource={def.name}
      perPage={PAGE_SIZE}
      sort={may.access.read(def.defaultSort.field) ? def.defaultSort : { field: '', order: 'ASC' }}
    >
      <Title title={translate(`resources.${def.name}.name`, { smart_count: 2, _: def.name })} />
      <Box sx={{ p: { xs: 1, sm: 2 } }}>
        <ListHeader def={def} extra={extra} canAdd={may.create} onAdd={() => setDialog({ mode: 'create' })} />
        <ListToolbar
          def={def}
          readable={may.access.read}
          small={small}
          preferenceKey={preferenceKey}
          filtersChoice={filtersChoice}
          onFiltersChoice={setFiltersChoice}
        />
        {small && <FiltersPanel def={def} readable={may.access.read} choice={filtersChoice} />}
        <ListStatus resource={def.name} />
        {/* A phone gets a compact list; a wider screen a table. */}
        <WhenListLoaded>
          <DeferredRows>
            {!may.ready ? null : small ? (
              <CompactList def={def} may={may} onEdit={edit} />
            ) : (
              <RecordTable def={def} may={may} preferenceKey={preferenceKey} tableRef={table} onEdit={edit} />
            )}
            <Pagination rowsPerPageOptions={PAGE_SIZES} data-testid="pagination-bottom" />
          </DeferredRows>
        </WhenListLoaded>
      </Box>
      {dialog && (
        <Suspense fallback={null}>
          <LazyFormDialog def={def} target={dialog} onClose={() => setDialog(null)} />
        </Suspense>
      )}
    </ListBase>
  );
}
