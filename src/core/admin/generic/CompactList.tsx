import { Card, useMediaQuery } from '@mui/material';
import { styled } from '@mui/material/styles';
import {
  ListNoResults,
  RecordContextProvider,
  SimpleListLoading,
  useListContext,
  useLocaleState,
  useTranslate,
  type Identifier,
} from 'react-admin';
import type { ColumnDef, ResourceDef } from '../../shared/resource';
import type { Abilities } from './useAbilities';
import { useAdminResources } from '../resources/AdminResources';
import { columnField } from './columnField';
import { RowActions } from './RowActions';
import { readableColumns } from './fieldAccess';

// The rows are plain elements styled once for the whole list: MUI's ListItem and ListItemText (react-admin's
// SimpleList) computed the styles of each of a page's rows again, and were most of a phone list's first render.
const Rows = styled('ul')(({ theme }) => ({
  listStyle: 'none',
  margin: 0,
  padding: theme.spacing(1, 0),
  '& > li': {
    display: 'flex',
    alignItems: 'center',
    gap: theme.spacing(1),
    padding: theme.spacing(1, 2),
  },
  '& .compact-text': { flex: '1 1 auto', minWidth: 0, margin: '6px 0' },
  '& .compact-primary': { ...theme.typography.body1, overflowWrap: 'anywhere' },
  '& .compact-secondary': {
    ...theme.typography.body2,
    color: theme.palette.text.secondary,
    display: 'flex',
    flexDirection: 'column',
    minWidth: 0,
    overflowWrap: 'anywhere',
  },
  '& .compact-actions': { flex: 'none' },
}));

/**
 * A list on a phone: one row per record instead of a table. The first
 * declared column is the row's title, the second and third under it, each
 * drawn by its field kind's cell; the row's edit/delete buttons beside it.
 * While the first page loads, react-admin's SimpleList placeholder; with no
 * records, its "no results".
 */
export function CompactList({ def, may, onEdit }: { def: ResourceDef; may: Abilities; onEdit: (id: Identifier) => void }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { resources } = useAdminResources();
  const { data, isPending } = useListContext();
  const hover = useMediaQuery('(hover: hover)');
  const cell = (c: ColumnDef | undefined) => (c ? columnField(def, c, translate, locale, resources) : null);
  const [first, second, third] = readableColumns(def, may.access);
  const hasActions = def.form && (may.update || may.delete);
  const primary = cell(first);
  const secondary = (
    <>
      {cell(second)}
      {cell(third)}
    </>
  );
  return (
    <Card variant="outlined" data-testid="compact-list">
      {isPending ? (
        <SimpleListLoading hasSecondaryText hasRightAvatarOrIcon={Boolean(hasActions)} />
      ) : !data?.length ? (
        <ListNoResults />
      ) : (
        <Rows>
          {data.map((record, index) => (
            <RecordContextProvider key={record.id ?? `row${index}`} value={record}>
              <li>
                <div className="compact-text">
                  <div className="compact-primary">{primary}</div>
                  <div className="compact-secondary">{secondary}</div>
                </div>
                {hasActions && (
                  <div className="compact-actions">
                    <RowActions def={def} may={may} onEdit={onEdit} hover={hover} />
                  </div>
                )}
              </li>
            </RecordContextProvider>
          ))}
        </Rows>
      )}
    </Card>
  );
}
