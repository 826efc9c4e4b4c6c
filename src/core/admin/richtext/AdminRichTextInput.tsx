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
 * picker) and an editing area that is a multi-line text box named by the
 * field's label: a name and aria-multiline are allowed only on an element
 * with a role, which tiptap gives its editing area in some releases and not
 * in others, so it is set here. Every toolbar text is an `ra.tiptap.*` key.
 */
export function AdminRichTextInput(props: RichTextInputProps & { label: string }) {
  const { label } = props;
  const editorOptions = useMemo(
    () => ({ ...DefaultEditorOptions, editorProps: { attributes: { role: 'textbox', 'aria-label': label, 'aria-multiline': 'true' } } }),
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
