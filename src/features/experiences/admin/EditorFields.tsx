import { Box } from '@mui/material';
import { BooleanInput, TextInput, useTranslate } from 'react-admin';
import { AdminRichTextInput } from '../../../core/admin/richtext/AdminRichTextInput';
import type { ResourceDef } from '../../../core/shared/resource';
import { fieldLabel } from '../../../core/shared/resource';
import { fieldValidators } from '../../../core/admin/generic/validators';

/** Title, slug, description, tags: labels and checks come from the declaration. */
export function EditorFields({ def }: { def: ResourceDef }) {
  const translate = useTranslate();
  const label = (name: string) => translate(fieldLabel(def.name, name, def.fields[name]), { _: name });
  const validate = (name: string) => fieldValidators(translate, def.fields[name], label(name));
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
      <TextInput source="title" label={label('title')} validate={validate('title')} fullWidth helperText={false} />
      <TextInput
        source="slug"
        label={label('slug')}
        validate={validate('slug')}
        fullWidth
        helperText={translate('app.experiences.slug_hint')}
      />
      <Box sx={{ gridColumn: '1 / -1' }}>
        <AdminRichTextInput
          source="description"
          label={label('description')}
          fullWidth
          helperText={false}
          // An empty editor is one line tall; content needs room to be written.
          sx={{ '& .ProseMirror': { minHeight: 160 } }}
        />
      </Box>
      <TextInput source="tags" label={label('tags')} fullWidth helperText={translate('app.experiences.tags_hint')} />
      <BooleanInput source="under_review" label={label('under_review')} helperText={false} sx={{ alignSelf: 'center' }} />
    </Box>
  );
}
