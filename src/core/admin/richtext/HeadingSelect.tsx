import { useEffect, useReducer, useState } from 'react';
import { Button, Menu, MenuItem } from '@mui/material';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import { useTranslate } from 'react-admin';
import { useTiptapEditor } from 'ra-input-rich-text';

type Level = 1 | 2 | 3 | 4 | 5 | 6;
const LEVELS: (Level | 'paragraph')[] = ['paragraph', 1, 2, 3, 4, 5, 6];
const label = (l: Level | 'paragraph') => (l === 'paragraph' ? 'ra.tiptap.paragraph' : `ra.tiptap.heading${l}`);

/**
 * The paragraph/heading picker of the rich text toolbar. Replaces
 * ra-input-rich-text's LevelSelect, whose list item sits in a <nav> without a
 * list (axe: listitem, serious).
 */
export function HeadingSelect() {
  const translate = useTranslate();
  const editor = useTiptapEditor();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Redraw when the cursor moves: the current level follows it.
  const [, redraw] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    if (!editor) return;
    editor.on('transaction', redraw);
    return () => {
      editor.off('transaction', redraw);
    };
  }, [editor]);
  const current =
    LEVELS.find((l) => (l === 'paragraph' ? editor?.isActive('paragraph') : editor?.isActive('heading', { level: l }))) ?? 'paragraph';
  const choose = (l: Level | 'paragraph') => {
    setAnchor(null);
    if (!editor) return;
    // setNode is a core command (typed without the starter kit's augmentations).
    if (l === 'paragraph') editor.chain().focus().setNode('paragraph').run();
    else editor.chain().focus().setNode('heading', { level: l }).run();
  };
  return (
    <>
      <Button
        size="small"
        color="inherit"
        aria-haspopup="menu"
        aria-expanded={Boolean(anchor)}
        aria-label={`${translate('ra.tiptap.current_level')}: ${translate(label(current))}`}
        endIcon={<ArrowDropDownIcon />}
        disabled={!editor?.isEditable}
        onClick={(e) => setAnchor(e.currentTarget)}
        sx={{ textTransform: 'none' }}
      >
        {translate(label(current))}
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {LEVELS.map((l) => (
          <MenuItem key={l} selected={l === current} onClick={() => choose(l)}>
            {translate(label(l))}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
