import { Box, Card, CardActionArea, CardContent, Skeleton, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { DashboardAnswer } from '../contract';
import { useMenuIcon } from '../../../core/admin/layout/menuIcons';

const TILE_HEIGHT = 88;
const GRID = { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))', gap: 2 } as const;

/** How many records each readable resource holds; each tile opens its list. */
export function CountTiles({ counts }: { counts: DashboardAnswer['counts'] | undefined }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const menuIcon = useMenuIcon();
  const number = new Intl.NumberFormat(locale);
  if (!counts) {
    return (
      <Box sx={GRID}>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} variant="rounded" height={TILE_HEIGHT} />
        ))}
      </Box>
    );
  }
  return (
    <Box sx={GRID} data-testid="dashboard-counts">
      {counts.map((c) => {
        const name = translate(`resources.${c.resource}.name`, { smart_count: 2, _: c.resource });
        const total = number.format(c.total) + (c.exact ? '' : '+');
        return (
          <Card key={c.resource} variant="outlined" sx={{ height: TILE_HEIGHT }}>
            <CardActionArea component={Link} to={c.path} sx={{ height: '100%' }} aria-label={`${name}: ${total}`}>
              <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
                {menuIcon(c.path)}
                {/* The name comes first in the text, as in the link's name ('Users: 5'), and shows under the number
                    (a name must contain the visible text, in its order: axe's label-content-name-mismatch). */}
                <Box sx={{ display: 'flex', flexDirection: 'column-reverse' }}>
                  <Typography variant="body2" color="text.secondary">
                    {name}
                  </Typography>{' '}
                  <Typography variant="h5" component="p" sx={{ lineHeight: 1.1 }}>
                    {total}
                  </Typography>
                </Box>
              </CardContent>
            </CardActionArea>
          </Card>
        );
      })}
    </Box>
  );
}
