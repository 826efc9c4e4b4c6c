import { Box } from '@mui/material';
import { BooleanInput, TextInput, useTranslate } from 'react-admin';
import { AdminRichTextInput } from '../../../core/admin/richtext/AdminRichTextInput';
import type { ResourceDef } from '../../../core/shared/resource';
import { fieldLabel } from '../../../core/shared/resource';
import { fieldValidators } from '../../../core/admin/generic/validators';
import { useAbilities } from '../../../core/admin/generic/useAbilities';

/**
 * Title, slug, description, tags: labels and checks come from the
 * declaration. As in the generic forms, a field the user's access rules do
 * not let them read is left out and one they may not write is disabled.
 */
export function EditorFields({ def }: { def: ResourceDef }) {
  const translate = useTranslate();
  const { access } = useAbilities(def);
  const label = (name: string) => translate(fieldLabel(def.name, name, def.fields[name]), { _: name });
  const validate = (name: string) => fieldValidators(translate, def.fields[name], label(name));
  const shown = (name: string) => access.read(name);
  const disabled = (name: string) => !access.write(name);
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
      {shown('title') && (
        <TextInput
          source="title"
          label={label('title')}
          validate={validate('title')}
          disabled={disabled('title')}
          fullWidth
          helperText={false}
        />
      )}
      {shown('slug') && (
        <TextInput
          source="slug"
          label={label('slug')}
          validate={validate('slug')}
          disabled={disabled('slug')}
          fullWidth
          helperText={translate('app.experiences.slug_hint')}
        />
      )}
      {shown('description') && (
        <Box sx={{ gridColumn: '1 / -1' }}>
          <AdminRichTextInput
            source="description"
            label={label('description')}
            disabled={disabled('description')}
            fullWidth
            helperText={false}
            // An empty editor is one line tall; content needs room to be written.
            sx={{ '& .ProseMirror': { minHeight: 160 } }}
          />
        </Box>
      )}
      {shown('tags') && (
        <TextInput
          source="tags"
          label={label('tags')}
          disabled={disabled('tags')}
          fullWidth
          helperText={translate('app.experiences.tags_hint')}
        />
      )}
      {shown('under_review') && (
        <BooleanInput
          source="under_review"
          label={label('under_review')}
          disabled={disabled('under_review')}
          helperText={false}
          sx={{ alignSelf: 'center' }}
        />
      )}
    </Box>
  );
}
