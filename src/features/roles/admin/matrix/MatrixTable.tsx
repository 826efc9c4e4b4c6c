import { Fragment, type ReactNode } from 'react';
import { Box, Checkbox, Table, TableBody, TableCell, TableHead, TableRow, Typography, type Theme } from '@mui/material';
import { useTranslate } from 'react-admin';
import { coverage, setMany, type Grants, type MatrixGroup, type MatrixRole } from './matrixModel';

const sticky = { position: 'sticky', left: 0, zIndex: 1, bgcolor: 'background.paper' } as const;
/** Group headings: an opaque shade that reads in the light and the dark theme. */
const shade = { bgcolor: (t: Theme) => (t.palette.mode === 'dark' ? t.palette.grey[800] : t.palette.grey[100]) } as const;

/**
 * Roles as columns, rows grouped under a heading each. A heading's checkbox
 * per role is "all of this resource"; the header's is "all of this role".
 * The table scrolls inside its own frame, its header and first column stay.
 */
export function MatrixTable({
  roles,
  groups,
  grants,
  onChange,
  caption,
  groupLabel,
  groupAction,
}: {
  roles: readonly MatrixRole[];
  groups: readonly MatrixGroup[];
  grants: Grants;
  onChange: (g: Grants) => void;
  caption: string;
  groupLabel: (key: string) => string;
  /** More for a role on a group's heading row, beside its checkbox (the role's access rule for that resource). */
  groupAction?: (role: MatrixRole, groupKey: string, groupName: string) => ReactNode;
}) {
  const translate = useTranslate();
  const t = (k: string, o?: Record<string, unknown>) => translate(`app.matrix.${k}`, o);
  const allIds = groups.flatMap((g) => g.rows.map((r) => r._id));
  const box = (roleId: string, ids: string[], label: string) => {
    const c = coverage(grants, roleId, ids);
    return (
      <Checkbox
        size="small"
        checked={c === 'all'}
        indeterminate={c === 'some'}
        onChange={(e) => onChange(setMany(grants, roleId, ids, e.target.checked))}
        slotProps={{ input: { 'aria-label': label } }}
      />
    );
  };
  return (
    <Box
      // contain: the table's width (a column per role) stays inside the frame instead of widening the page.
      sx={{
        overflow: 'auto',
        contain: 'inline-size',
        maxHeight: { xs: '65vh', md: 'calc(100vh - 260px)' },
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
      }}
      tabIndex={0}
      role="region"
      aria-label={caption}
    >
      <Table size="small" stickyHeader sx={{ '& td, & th': { py: 0.25 } }}>
        <caption style={{ position: 'absolute', left: -10000 }}>{caption}</caption>
        <TableHead>
          <TableRow>
            <TableCell sx={{ ...sticky, zIndex: 3, minWidth: { xs: 150, sm: 260 } }}>{t('row_heading')}</TableCell>
            {roles.map((r) => (
              <TableCell key={r._id} align="center" sx={{ minWidth: 96 }}>
                <Typography variant="body2" component="span" sx={{ fontWeight: 600, display: 'block' }}>
                  {r.name}
                </Typography>
                {box(r._id, allIds, t('all_of_role', { role: r.name }))}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {groups.map((g) => {
            const ids = g.rows.map((r) => r._id);
            const name = groupLabel(g.key);
            return (
              <Fragment key={g.key}>
                <TableRow data-testid="matrix-group">
                  <TableCell component="th" scope="rowgroup" sx={{ ...sticky, ...shade, fontWeight: 600 }}>
                    {name}
                  </TableCell>
                  {roles.map((r) => (
                    <TableCell key={r._id} align="center" sx={shade}>
                      {box(r._id, ids, t('all_of_group', { role: r.name, group: name }))}
                      {groupAction?.(r, g.key, name)}
                    </TableCell>
                  ))}
                </TableRow>
                {g.rows.map((row) => (
                  <TableRow key={row._id} hover>
                    <TableCell component="th" scope="row" sx={sticky}>
                      <Typography variant="body2" component="span" sx={{ display: 'block', wordBreak: 'break-word' }}>
                        {row.label}
                      </Typography>
                      {row.detail && (
                        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', wordBreak: 'break-word' }}>
                          {row.detail}
                        </Typography>
                      )}
                    </TableCell>
                    {roles.map((r) => (
                      <TableCell key={r._id} align="center">
                        {box(r._id, [row._id], `${r.name}: ${row.label}`)}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              </Fragment>
            );
          })}
        </TableBody>
      </Table>
    </Box>
  );
}
