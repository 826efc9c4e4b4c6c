import { lazy, Suspense, useState } from 'react';
import { Button } from '@mui/material';
import UploadIcon from '@mui/icons-material/Upload';
import { usePermissions, useTranslate } from 'react-admin';
import type { ResourceDef } from '../../../core/shared/resource';
import type { AdminPermissions } from '../../../core/admin/providers/permissions';
import { able } from '../../../core/admin/generic/useAbilities';
import { lazyWithTimeout } from '../../../core/web/lazyWithTimeout';

// Its own chunk: the steps, the mapping and the calls load when first opened.
const ImportDialog = lazy(lazyWithTimeout(() => import('./ImportDialog')));

/**
 * 'Import' beside 'Export': shown when the user may create or update the
 * resource (as the server decides: the import routes exist for a resource
 * that serves either, and each run checks that permission).
 */
export function ImportButton({ def }: { def: ResourceDef }) {
  const translate = useTranslate();
  const { permissions } = usePermissions<AdminPermissions>();
  const [open, setOpen] = useState(false);
  const create = able(def, 'create', permissions);
  const update = able(def, 'update', permissions);
  if (!create && !update) return null;
  return (
    <>
      <Button variant="outlined" size="small" onClick={() => setOpen(true)} startIcon={<UploadIcon />} data-testid="import-file">
        {translate('app.imports.button')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ImportDialog def={def} may={{ create, update }} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
