import { useEffect } from 'react';
import { Box, Card, useMediaQuery, type Theme } from '@mui/material';
import { Datagrid, ListBase, Pagination, Title, useListContext, useLocaleState, useTranslate } from 'react-admin';
import { experiences } from '../resource';
import { columnField } from '../../../core/admin/generic/columnField';
import { useAdminResources } from '../../../core/admin/resources/AdminResources';
import { ListHeader } from '../../../core/admin/generic/ListHeader';
import { useAbilities } from '../../../core/admin/generic/useAbilities';
import { SearchBox } from '../../../core/admin/generic/SearchBox';
import { ListStatus } from '../../../core/admin/generic/ListStatus';
import { WhenListLoaded } from '../../../core/admin/generic/WhenListLoaded';
import { PAGE_SIZE } from '../../../core/admin/generic/GenericList';
import { ExperienceActions } from './ExperienceActions';
import { ExperienceCompactList } from './ExperienceCompactList';
import { LastUpdated } from './LastUpdated';
import { ThumbCell } from './ThumbCell';
import { TitleCell } from './TitleCell';
import { newExperienceUrl, openWindow } from './urls';
import { onChange } from './changes';

const PAGE_SIZES = [10, 25, 50, 100];

/** Refetches when an editor window saved. */
function RefetchOnSave() {
  const { refetch } = useListContext();
  useEffect(() => onChange(() => void refetch()), [refetch]);
  return null;
}

/**
 * The experiences list: the shared list layout (generic header, search,
 * pagination, columns from ../resource.ts) plus what only this list
 * has: refresh with 'last updated', a previewable thumbnail, and add/edit/view
 * in a new window instead of the generic modal.
 */
export default function ExperienceList() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { resources } = useAdminResources();
  const def = experiences;
  const may = useAbilities(def);
  // A phone gets one block per experience: the table was wider than the screen.
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <ListBase resource={def.name} perPage={PAGE_SIZE} sort={def.defaultSort}>
      <RefetchOnSave />
      <Title title={translate('resources.experiences.name', { smart_count: 2, _: 'Experiences' })} />
      <Box sx={{ p: { xs: 1, sm: 2 } }}>
        <ListHeader def={def} extra={<LastUpdated />} canAdd={may.create} onAdd={() => openWindow(newExperienceUrl())} />
        <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
          <SearchBox placeholder={def.list.searchPlaceholder} />
          <Box sx={{ flex: 1 }} />
          <WhenListLoaded>
            <Pagination rowsPerPageOptions={PAGE_SIZES} data-testid="pagination-top" />
          </WhenListLoaded>
        </Box>
        {/* Its own wording: 'Error: Failed to fetch experiences data'. */}
        <ListStatus resource="experiences" message={translate('app.experiences.fetch_failed')} />
        <WhenListLoaded>
          {small ? (
            <ExperienceCompactList may={may} />
          ) : (
            <Card variant="outlined">
              <Datagrid bulkActionButtons={false} rowClick={false} sx={{ '& .RaDatagrid-headerCell': { fontWeight: 600 } }}>
                {def.list.columns.map((c) => {
                  if (c.source === 'images')
                    return <ThumbCell key={c.source} label={translate('app.experiences.thumbnail')} sortable={false} />;
                  if (c.source === 'title')
                    return (
                      <TitleCell
                        key={c.source}
                        source="title"
                        label={translate('resources.experiences.fields.title')}
                        sortable={def.sortable.includes('title')}
                      />
                    );
                  return columnField(def, c, translate, locale, resources);
                })}
                <ExperienceActions label={translate('app.list.actions')} may={may} />
              </Datagrid>
            </Card>
          )}
          <Pagination rowsPerPageOptions={PAGE_SIZES} data-testid="pagination-bottom" />
        </WhenListLoaded>
      </Box>
    </ListBase>
  );
}
