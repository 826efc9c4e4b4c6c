import { lazy, Suspense, useState } from 'react';
import { Button } from '@mui/material';
import DeleteSweepIcon from '@mui/icons-material/DeleteSweep';
import { useTranslate } from 'react-admin';
import type { ResourceDef } from '../../shared/resource';
import { useMayCall } from '../generic/useMayCall';

const TrashDialog = lazy(() => import('./TrashDialog').then((m) => ({ default: m.TrashDialog })));

/** "Trash" in a list's toolbar, for those who may delete its records (who may see and restore what was deleted). */
export function TrashButton({ def }: { def: ResourceDef }) {
  const translate = useTranslate();
  const mayDelete = useMayCall()('DELETE', `${def.api}/:id`);
  const [open, setOpen] = useState(false);
  if (!mayDelete || def.history === false) return null;
  return (
    <>
      <Button variant="outlined" size="small" startIcon={<DeleteSweepIcon />} onClick={() => setOpen(true)} data-testid="open-trash">
        {translate('app.trash.open')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <TrashDialog def={def} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
