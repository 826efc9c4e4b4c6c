import { useState } from 'react';
import { Alert, Box, Button, LinearProgress, Typography } from '@mui/material';
import { useParams } from 'react-router-dom';
import { Title, useGetOne, useTranslate } from 'react-admin';
import { RecordHistory } from '../../audit/admin/RecordHistory';
import { useMayReadAudit } from '../../audit/admin/useMayReadAudit';
import { EditorForm } from './EditorForm';
import { useCloseEditor } from './useCloseEditor';
import { useAbilities } from '../../../core/admin/generic/useAbilities';
import { experiences } from '../resource';
import { VersionHistory } from '../../../core/admin/versions/VersionHistory';
import { PresenceLine } from '../../../core/admin/presence/PresenceLine';

/** Loads the item being edited; 'Failed to load item' when it cannot. */
function EditLoader({ id }: { id: string }) {
  const translate = useTranslate();
  const close = useCloseEditor();
  const { data, isPending, error, refetch } = useGetOne('experiences', { id });
  // Opened afresh (after a conflict): the item as it is now, in a new form.
  const [opened, setOpened] = useState(0);
  const reload = () => void refetch().then(() => setOpened((n) => n + 1));
  const history = useMayReadAudit();
  const { access } = useAbilities(experiences);
  if (isPending) return <LinearProgress data-testid="editor-loading" />;
  if (error || !data)
    return (
      <Alert severity="error" action={<Button onClick={close}>{translate('ra.action.close')}</Button>}>
        {translate('app.experiences.load_failed')}
      </Alert>
    );
  // A record the user's access rules do not let them change: the server would refuse the save.
  if (!access.writeRecord(data))
    return (
      <Alert severity="warning" data-testid="editor-not-writable" action={<Button onClick={close}>{translate('ra.action.close')}</Button>}>
        {translate('app.access.cannot_edit')}
      </Alert>
    );
  return (
    <>
      <PresenceLine def={experiences} id={id} inset={false} />
      <EditorForm key={opened} record={data} reload={reload} />
      {/* The generic edit dialogs' History and Activity sections; this editor is a page of its own. */}
      <Box sx={{ mt: 2, border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden' }}>
        <VersionHistory def={experiences} id={id} onRestored={reload} />
        {history && <RecordHistory resource="experiences" id={id} />}
      </Box>
    </>
  );
}

/** /admin/experiences/new and /admin/experiences/{id}/edit: a page, not a modal. */
export default function ExperienceEditor() {
  const { id } = useParams();
  const translate = useTranslate();
  const title = translate(id ? 'app.experiences.edit_title' : 'app.experiences.new_title');
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 1200, mx: 'auto', width: '100%' }}>
      <Title title={title} />
      <Typography variant="h5" component="h1" sx={{ mb: 2 }} data-testid="editor-title">
        {title}
      </Typography>
      {/* Keyed by id: after creating, the edit URL mounts a fresh editor from the saved item. */}
      {id ? <EditLoader key={id} id={id} /> : <EditorForm key="new" />}
    </Box>
  );
}
