import { Box, Card, List, ListItem, Typography } from '@mui/material';
import { RecordContextProvider, useListContext, useLocaleState, useTranslate } from 'react-admin';
import { experiences } from '../resource';
import { columnField } from '../../../core/admin/generic/columnField';
import type { Abilities } from '../../../core/admin/generic/useAbilities';
import { useAdminResources } from '../../../core/admin/resources/AdminResources';
import { ExperienceActions } from './ExperienceActions';
import { ThumbCell } from './ThumbCell';
import { TitleCell } from './TitleCell';

/**
 * The experiences on a phone: the table was 552 px wide
 * at 390. One block per experience instead: the thumbnail (a tap previews
 * it) beside the title, when it was made and its tags, each drawn as in
 * the table; edit, delete and view under them.
 */
export function ExperienceCompactList({ may }: { may: Abilities }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { resources } = useAdminResources();
  const { data } = useListContext();
  const def = experiences;
  const cell = (source: string) => {
    const col = def.list.columns.find((c) => c.source === source);
    return col ? columnField(def, col, translate, locale, resources) : null;
  };
  return (
    <Card variant="outlined" data-testid="compact-list">
      {data?.length === 0 && (
        <Typography align="center" color="text.secondary" sx={{ py: 4 }}>
          {translate('ra.navigation.no_results', { name: translate('resources.experiences.name', { smart_count: 2, _: 'Experiences' }) })}
        </Typography>
      )}
      <List disablePadding>
        {data?.map((record) => (
          <RecordContextProvider key={record.id} value={record}>
            <ListItem divider data-testid="experience-row" sx={{ display: 'block', py: 1.5 }}>
              <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
                <Box sx={{ flexShrink: 0 }}>
                  <ThumbCell />
                </Box>
                <Box sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                  <Typography component="div" sx={{ fontWeight: 500 }}>
                    <TitleCell />
                  </Typography>
                  <Typography component="div" variant="body2" color="text.secondary">
                    {cell('createdAt')}
                  </Typography>
                  <Typography component="div" variant="body2">
                    {cell('tags')}
                  </Typography>
                </Box>
              </Box>
              <ExperienceActions may={may} />
            </ListItem>
          </RecordContextProvider>
        ))}
      </List>
    </Card>
  );
}
