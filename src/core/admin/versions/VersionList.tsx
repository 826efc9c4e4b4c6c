import { Button, List, ListItem, ListItemText } from '@mui/material';
import { useLocale, useTranslate } from 'react-admin';
import { fieldLabel, type ResourceDef } from '../../shared/resource';
import type { VersionEntry } from '../../shared/api/versions';
import { formatDateTime } from '../../web/dates';

interface Props {
  def: ResourceDef;
  versions: VersionEntry[];
  latest: number;
  /** Set when the user may restore: opens the confirmation for that version. */
  onRestore?: (n: number) => void;
}

/** The versions of one page, newest first: what each write was, when, by whom, and the fields it changed. */
export function VersionList({ def, versions, latest, onRestore }: Props) {
  const translate = useTranslate();
  const locale = useLocale();
  const when = (iso: string) => formatDateTime(iso, locale);
  const label = (f: string) => translate(fieldLabel(def.name, f, def.fields[f]), { _: f });
  return (
    <List dense disablePadding aria-label={translate('app.versions.list_label')}>
      {versions.map((v) => (
        <ListItem
          key={v.version}
          divider
          disableGutters
          sx={{ flexWrap: 'wrap', gap: 1 }}
          secondaryAction={undefined}
          data-testid={`version-${v.version}`}
        >
          <ListItemText
            sx={{ flex: '1 1 220px', minWidth: 0 }}
            primary={`${translate('app.versions.entry', { n: v.version })} · ${translate(`app.versions.op_${v.op}`)}`}
            secondary={
              <>
                {translate('app.versions.by', { when: when(v.at), who: v.actorName ?? translate('app.versions.nobody') })}
                {v.fields.length > 0 && v.op !== 'create' && (
                  <>
                    <br />
                    {translate('app.versions.fields', { fields: v.fields.map(label).join(', ') })}
                  </>
                )}
              </>
            }
          />
          {onRestore && v.version !== latest && (
            <Button
              size="small"
              onClick={() => onRestore(v.version)}
              aria-label={translate('app.versions.restore_label', { n: v.version })}
            >
              {translate('app.versions.restore')}
            </Button>
          )}
        </ListItem>
      ))}
    </List>
  );
}
