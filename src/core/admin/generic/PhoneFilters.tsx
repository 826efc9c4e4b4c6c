import { Box, Button } from '@mui/material';
import FilterListIcon from '@mui/icons-material/FilterList';
import { useListContext, useTranslate } from 'react-admin';
import type { ResourceDef } from '../../shared/resource';
import { filterParams } from '../../shared/list-filters';
import { ListFilters, hasFilterInputs } from './ListFilters';

/** How many of the list's filter parameters hold a value (the search box's `q` is not one). */
function useActiveFilterCount(def: ResourceDef): number {
  const { filterValues } = useListContext();
  const values: Record<string, unknown> = filterValues ?? {};
  return filterParams(def).filter(({ param }) => Object.hasOwn(values, param) && values[param] !== '' && values[param] != null).length;
}

/** Shown: the user's last choice, else open while a filter is set (a link or a reload with filters shows them). */
const isShown = (choice: boolean | undefined, active: number) => choice ?? active > 0;

const PANEL_ID = 'list-filters-panel';

/**
 * On a phone the filters sit behind a 'Filters' button:
 * four stacked inputs filled the first screen before any record, and drawing
 * them was most of the list's first-load work. The button says how many
 * filters are set, so a closed panel never hides that the list is filtered.
 */
export function FiltersToggle({
  def,
  readable,
  choice,
  onChange,
}: {
  def: ResourceDef;
  readable: (field: string) => boolean;
  choice: boolean | undefined;
  onChange: (shown: boolean) => void;
}) {
  const translate = useTranslate();
  const active = useActiveFilterCount(def);
  if (!hasFilterInputs(def, readable)) return null;
  const shown = isShown(choice, active);
  return (
    <Button
      variant="outlined"
      size="small"
      startIcon={<FilterListIcon />}
      aria-expanded={shown}
      aria-controls={shown ? PANEL_ID : undefined}
      onClick={() => onChange(!shown)}
      data-testid="filters-toggle"
    >
      {translate('app.filters.toggle')}
      {active > 0 && ` (${active})`}
    </Button>
  );
}

/** The filters themselves, under the list's tool row, while the toggle says so. */
export function FiltersPanel({
  def,
  readable,
  choice,
}: {
  def: ResourceDef;
  readable: (field: string) => boolean;
  choice: boolean | undefined;
}) {
  const active = useActiveFilterCount(def);
  if (!isShown(choice, active)) return null;
  return (
    <Box id={PANEL_ID} sx={{ mt: 1 }}>
      <ListFilters def={def} readable={readable} />
    </Box>
  );
}
