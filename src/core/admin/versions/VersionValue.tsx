import { Box, Stack } from '@mui/material';
import { useGetMany, useGetRecordRepresentation, useLocale, useTranslate } from 'react-admin';
import type { FieldDef } from '../../shared/resource';
import { formatValue } from '../../../features/audit/admin/formatValue';
import { formatDateTime } from '../../web/dates';

const asIds = (v: unknown): string[] => (Array.isArray(v) ? v : v ? [v] : []).filter((x): x is string => typeof x === 'string');

/** Records a ref or ref list held, by their labels now (a record gone since shows its id). */
function RefLabels({ target, ids }: { target: string; ids: string[] }) {
  const translate = useTranslate();
  const represent = useGetRecordRepresentation(target);
  const { data } = useGetMany(target, { ids }, { enabled: ids.length > 0 });
  if (!ids.length) return <>{translate('app.conflict.none')}</>;
  const byId = new Map((data ?? []).map((r) => [String(r.id), r]));
  const shown = (id: string) => {
    const record = byId.get(id);
    return record ? String(represent(record)) : id;
  };
  return <>{ids.map(shown).join(', ')}</>;
}

/** Pictures as a version keeps them: their thumbnails. */
function Pictures({ value, filesUrl }: { value: unknown; filesUrl: string }) {
  const translate = useTranslate();
  const list = Array.isArray(value) ? (value as { thumb?: string }[]) : [];
  if (!list.length) return <>{translate('app.conflict.none')}</>;
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {list.map((img, i) => (
        <Box
          key={`${img.thumb}-${i}`}
          component="img"
          src={`${filesUrl}${img.thumb ?? ''}`}
          alt={translate('app.versions.picture', { n: i + 1 })}
          sx={{ width: 48, height: 48, objectFit: 'cover', borderRadius: 0.5 }}
        />
      ))}
    </Stack>
  );
}

/** A field's value in a version, as a person reads it. */
export function VersionValue({ def, value, filesUrl }: { def: FieldDef | undefined; value: unknown; filesUrl: string }) {
  const translate = useTranslate();
  const locale = useLocale();
  if (def?.type === 'ref' || def?.type === 'refList') return <RefLabels target={def.ref ?? ''} ids={asIds(value)} />;
  if (def?.type === 'images') return <Pictures value={value} filesUrl={filesUrl} />;
  const text =
    def?.type === 'richtext' && typeof value === 'string'
      ? value
          .replace(/<[^>]*>/g, ' ')
          .replace(/\s+/g, ' ')
          .trim()
      : value;
  const moment = (iso: string) => formatDateTime(iso, locale);
  return <>{formatValue(text, translate('app.conflict.none'), (b) => translate(b ? 'ra.boolean.true' : 'ra.boolean.false'), moment)}</>;
}
