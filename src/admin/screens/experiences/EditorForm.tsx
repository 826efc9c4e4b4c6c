import { Box, Card, CardContent, Divider } from '@mui/material';
import { Form, useTranslate, type RaRecord } from 'react-admin';
import { findResource } from '../../registry';
import { EditorFields } from './EditorFields';
import { EditorToolbar } from './EditorToolbar';
import { ImagesGrid } from './ImagesGrid';
import { formatTags } from './tags';
import { UploadProgress } from './UploadProgress';
import { useCloseEditor } from './useCloseEditor';
import { useImageEntries } from './useImageEntries';
import { useSaveExperience } from './useSaveExperience';

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** The editor's form: fields, pictures, toolbars above and below. */
export function EditorForm({ record }: { record?: RaRecord }) {
  const translate = useTranslate();
  const def = findResource('experiences');
  const images = useImageEntries(record);
  const { save, progress, saving } = useSaveExperience(record ? String(record.id) : undefined, images);
  const close = useCloseEditor();
  if (!def) return null;
  const defaults = {
    title: str(record?.title),
    slug: str(record?.slug),
    description: str(record?.description),
    tags: formatTags(record?.tags),
    under_review: record?.under_review === true,
  };
  return (
    <Form defaultValues={defaults} onSubmit={save} resource="experiences" noValidate>
      <EditorToolbar saving={saving} onClose={close} />
      {progress !== null && <UploadProgress fraction={progress} />}
      <Card variant="outlined" sx={{ my: 2 }}>
        <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <EditorFields def={def} />
          <Divider />
          <ImagesGrid images={images} label={translate('resources.experiences.fields.images')} />
        </CardContent>
      </Card>
      <Box>
        <EditorToolbar saving={saving} onClose={close} />
      </Box>
    </Form>
  );
}
