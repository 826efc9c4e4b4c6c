import { Box, Card, CardActionArea, CardContent, Typography } from '@mui/material';
import { Title, useGetIdentity, usePermissions, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { Category } from '../providers/categories';
import { buildMenu } from '../layout/buildMenu';
import { categoryLabel } from '../layout/categoryLabel';
import { useMenuIcon } from '../layout/menuIcons';

/** The /admin landing: a greeting and a tile per screen the user may open. */
export function Dashboard() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { identity } = useGetIdentity();
  const { permissions } = usePermissions<Category[]>();
  const menuIcon = useMenuIcon();
  const items = buildMenu(permissions ?? []).flatMap((g) => g.items);
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Title title={translate('ra.page.dashboard')} />
      <Typography variant="h5" component="h1" sx={{ mb: 3 }}>
        {translate('app.dashboard.welcome', { name: identity?.fullName ?? '' })}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))', gap: 2 }}>
        {items.map((c) => (
          <Card key={c._id} variant="outlined">
            <CardActionArea onClick={() => navigate(c.path)} sx={{ height: '100%' }}>
              <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
                {menuIcon(c.path)}
                <Typography>{categoryLabel(translate, c.path, c.name)}</Typography>
              </CardContent>
            </CardActionArea>
          </Card>
        ))}
      </Box>
    </Box>
  );
}
