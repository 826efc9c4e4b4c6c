import { useState } from 'react';
import { Button, CircularProgress, ListItem, ListItemText, Stack } from '@mui/material';
import { useLocale, useTranslate } from 'react-admin';
import { Confirm } from '../generic/Confirm';
import type { ResourceDef } from '../../shared/resource';
import type { TrashedRecord } from './trashApi';
import { formatDateTime } from '../../web/dates';

/** How a trashed record is named: its label field, else its id. */
export function trashedLabel(def: ResourceDef, rec: TrashedRecord): string {
  const v = def.recordLabel ? rec[def.recordLabel] : undefined;
  return typeof v === 'string' && v.trim() ? v : rec._id;
}

interface Props {
  def: ResourceDef;
  rec: TrashedRecord;
  mayPurge: boolean;
  busy: boolean;
  onRestore: () => void;
  onPurge: () => void;
}

/** One deleted record: its name, when and by whom it was deleted, Restore, and (for those who may) a purge after a confirmation. */
export function TrashItem({ def, rec, mayPurge, busy, onRestore, onPurge }: Props) {
  const translate = useTranslate();
  const locale = useLocale();
  const [confirming, setConfirming] = useState(false);
  const name = trashedLabel(def, rec);
  const when = formatDateTime(rec._deletedAt, locale);
  const who = rec._deletedBy?.name ?? translate('app.versions.nobody');
  return (
    <ListItem divider disableGutters sx={{ flexWrap: 'wrap', gap: 1 }} data-testid="trash-item">
      <ListItemText
        sx={{ flex: '1 1 220px', minWidth: 0, wordBreak: 'break-word' }}
        primary={name}
        secondary={translate('app.trash.deleted', { when, who })}
      />
      <Stack direction="row" spacing={1}>
        <Button
          size="small"
          variant="outlined"
          onClick={onRestore}
          disabled={busy}
          aria-label={translate('app.trash.restore_label', { name })}
          startIcon={busy ? <CircularProgress size={14} /> : undefined}
        >
          {translate('app.trash.restore')}
        </Button>
        {mayPurge && (
          <Button
            size="small"
            color="error"
            onClick={() => setConfirming(true)}
            disabled={busy}
            aria-label={translate('app.trash.purge_label', { name })}
          >
            {translate('app.trash.purge')}
          </Button>
        )}
      </Stack>
      <Confirm
        isOpen={confirming}
        title={translate('app.trash.purge_title')}
        content={translate('app.trash.purge_text', { name })}
        confirm={translate('app.trash.purge_confirm')}
        confirmColor="warning"
        onConfirm={() => {
          setConfirming(false);
          onPurge();
        }}
        onClose={() => setConfirming(false)}
      />
    </ListItem>
  );
}
