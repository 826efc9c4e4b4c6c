import { useEffect } from 'react';
import { Box, Card, CardContent, Divider } from '@mui/material';
import { useFormContext } from 'react-hook-form';
import { Form, useTranslate, type RaRecord } from 'react-admin';
import type { ResourceDef } from '../../../core/shared/resource';
import { useFormDirty } from '../../../core/admin/generic/useFormDirty';
import { useAbilities } from '../../../core/admin/generic/useAbilities';
import { experiences } from '../resource';
import { EditorFields } from './EditorFields';
import { EditorToolbar } from './EditorToolbar';
import { valuesOf, type EditorValues } from './experienceBody';
import { ImagesGrid } from './ImagesGrid';
import { UploadProgress } from './UploadProgress';
import { useCloseEditor } from './useCloseEditor';
import { useImageEntries, type ImageEntries } from './useImageEntries';
import { useSaveExperience } from './useSaveExperience';
import { useUnsavedGuard } from './useUnsavedGuard';

interface BodyProps {
  def: ResourceDef;
  images: ImageEntries;
  progress: number | null;
  saving: boolean;
  /** Values of the last save: what the fields are compared with from then on. */
  saved: EditorValues | null;
}

/** Inside the form: fields, pictures, toolbars, and the unsaved-changes guard. */
function EditorBody({ def, images, progress, saving, saved }: BodyProps) {
  const translate = useTranslate();
  const { access } = useAbilities(def);
  const { reset } = useFormContext();
  const formDirty = useFormDirty();
  useEffect(() => {
    if (saved) reset(saved, { keepValues: true });
  }, [saved, reset]);
  const mayLeave = useUnsavedGuard(formDirty || images.changed);
  const close = useCloseEditor();
  const closeAsked = () => {
    if (mayLeave()) close();
  };
  return (
    <>
      <EditorToolbar saving={saving} onClose={closeAsked} />
      {progress !== null && <UploadProgress fraction={progress} />}
      <Card variant="outlined" sx={{ my: 2 }}>
        <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <EditorFields def={def} />
          {access.read('images') && (
            <>
              <Divider />
              <ImagesGrid images={images} label={translate('resources.experiences.fields.images')} disabled={!access.write('images')} />
            </>
          )}
        </CardContent>
      </Card>
      <Box>
        <EditorToolbar saving={saving} onClose={closeAsked} />
      </Box>
    </>
  );
}

/** The editor's form: fields, pictures, toolbars above and below; `reload` opens the item afresh (after a conflict). */
export function EditorForm({ record, reload = () => undefined }: { record?: RaRecord; reload?: () => void }) {
  const def = experiences;
  const images = useImageEntries(record);
  const { save, progress, saving, saved, conflictDialog } = useSaveExperience(record, images, reload);
  const defaults = valuesOf(record);
  return (
    <Form defaultValues={defaults} onSubmit={save} resource="experiences" noValidate>
      <EditorBody def={def} images={images} progress={progress} saving={saving} saved={saved} />
      {conflictDialog}
    </Form>
  );
}
