import {
  Alert,
  LinearProgress,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate, type Identifier } from 'react-admin';
import { fieldLabel, type ResourceDef } from '../../shared/resource';
import type { VersionComparison, VersionEntry } from '../../shared/api/versions';
import { errorBody } from '../api/ApiError';
import { compareVersions, versionsKey } from './versionsApi';
import { VersionValue } from './VersionValue';

interface Pick {
  from: number;
  to: number;
}

/** The two versions to compare, chosen among those listed. */
function ComparePicker({ versions, pick, onPick }: { versions: VersionEntry[]; pick: Pick; onPick: (p: Pick) => void }) {
  const translate = useTranslate();
  const options = [...new Set([...versions.map((v) => v.version), pick.from, pick.to])].sort((a, b) => b - a);
  const select = (side: keyof Pick) => (
    <TextField
      select
      size="small"
      label={translate(`app.versions.${side}`)}
      value={pick[side]}
      onChange={(e) => onPick({ ...pick, [side]: Number(e.target.value) })}
      sx={{ minWidth: 150 }}
    >
      {options.map((n) => (
        <MenuItem key={n} value={n}>
          {translate('app.versions.entry', { n })}
        </MenuItem>
      ))}
    </TextField>
  );
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {select('from')}
      {select('to')}
    </Stack>
  );
}

/** The fields that differ, one row each: the value in each version. */
function ChangesTable({ def, comparison: data }: { def: ResourceDef; comparison: VersionComparison }) {
  const translate = useTranslate();
  return (
    <Table size="small" aria-label={translate('app.versions.compare')} sx={{ tableLayout: 'fixed', '& td': { wordBreak: 'break-word' } }}>
      <TableHead>
        <TableRow>
          <TableCell component="th">{translate('app.versions.field')}</TableCell>
          <TableCell component="th">{translate('app.versions.entry', { n: data.from })}</TableCell>
          <TableCell component="th">{translate('app.versions.entry', { n: data.to })}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {data.changes.map((c) => (
          <TableRow key={c.field}>
            <TableCell component="th" scope="row">
              {translate(fieldLabel(def.name, c.field, def.fields[c.field]), { _: c.field })}
            </TableCell>
            <TableCell>
              <VersionValue def={def.fields[c.field]} value={c.from} filesUrl={data.filesUrl} />
            </TableCell>
            <TableCell>
              <VersionValue def={def.fields[c.field]} value={c.to} filesUrl={data.filesUrl} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** Side by side: each field that differs between two versions. */
export function VersionCompare({
  def,
  id,
  versions,
  pick,
  onPick,
}: {
  def: ResourceDef;
  id: Identifier;
  versions: VersionEntry[];
  pick: Pick;
  onPick: (p: Pick) => void;
}) {
  const translate = useTranslate();
  const { data, isPending, error } = useQuery({
    queryKey: [...versionsKey(def, id), 'compare', pick.from, pick.to],
    queryFn: () => compareVersions(def, id, pick.from, pick.to),
    retry: false,
  });
  return (
    <Stack spacing={1} data-testid="version-compare">
      <Typography variant="subtitle2" component="h4">
        {translate('app.versions.compare')}
      </Typography>
      <ComparePicker versions={versions} pick={pick} onPick={onPick} />
      {isPending && <LinearProgress aria-label={translate('app.versions.loading')} />}
      {error && <Alert severity="error">{errorBody(error).error ?? translate('app.versions.load_error')}</Alert>}
      {data && !data.changes.length && <Typography variant="body2">{translate('app.versions.no_changes')}</Typography>}
      {data && data.changes.length > 0 && <ChangesTable def={def} comparison={data} />}
    </Stack>
  );
}
