import { useMemo } from 'react';
import {
  AlignmentButtons,
  ClearButtons,
  DefaultEditorOptions,
  FormatButtons,
  LinkButtons,
  ListButtons,
  QuoteButtons,
  RichTextInput,
  RichTextInputToolbar,
  type RichTextInputProps,
} from 'ra-input-rich-text';
import { HeadingSelect } from './HeadingSelect';

/**
 * react-admin's rich text input with an accessible toolbar (our heading
 * picker) and an editing area named by the field's label (axe:
 * aria-input-field-name). Every toolbar text is an `ra.tiptap.*` key.
 */
export function AdminRichTextInput(props: RichTextInputProps & { label: string }) {
  const { label } = props;
  const editorOptions = useMemo(
    () => ({ ...DefaultEditorOptions, editorProps: { attributes: { 'aria-label': label, 'aria-multiline': 'true' } } }),
    [label],
  );
  return (
    <RichTextInput
      {...props}
      editorOptions={editorOptions}
      toolbar={
        <RichTextInputToolbar>
          <HeadingSelect />
          <FormatButtons />
          <AlignmentButtons />
          <ListButtons />
          <LinkButtons />
          <QuoteButtons />
          <ClearButtons />
        </RichTextInputToolbar>
      }
    />
  );
}
