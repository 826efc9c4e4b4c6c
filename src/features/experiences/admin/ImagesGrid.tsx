import { useRef, type ChangeEvent } from 'react';
import { Box, ButtonBase, Typography } from '@mui/material';
import AddPhotoAlternateIcon from '@mui/icons-material/AddPhotoAlternate';
import { useNotify, useTranslate } from 'react-admin';
import { MAX_EXPERIENCE_IMAGES } from '../resource';
import type { ImageEntryState } from '../../../core/shared/image-entry';
import { activeCount } from './imageChecks';
import { ImageTile } from './ImageTile';
import { rotateDataUrl } from './rotateDataUrl';
import { rotateImage } from './rotateImage';
import type { ImageEntries } from './useImageEntries';

const ACCEPT = '.jpg,.jpeg,.png,image/jpeg,image/png';
/** The drag payload type; a custom one so dropped files or text are ignored. */
const DRAG_TYPE = 'application/x-experience-image';

/** A stored picture with no replacement chosen: the server can turn it (an undone remove is 'update' without data). */
const storedAsIs = (e: ImageEntryState) => e.operation === 'keep' || (e.operation === 'update' && !e.imageData);

/** The editor's pictures in display order, with the add tile last. */
export function ImagesGrid({ images, label, disabled = false }: { images: ImageEntries; label: string; disabled?: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const input = useRef<HTMLInputElement>(null);
  const { entries } = images;
  const full = activeCount(entries) >= MAX_EXPERIENCE_IMAGES;

  const onFiles = (e: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(e.target.files ?? []);
    // Cleared so choosing the same file again still fires a change.
    e.target.value = '';
    void images.add(files);
  };

  // Stored pictures turn on the server; chosen ones, not sent yet, in the browser.
  const rotate = async (entry: ImageEntryState) => {
    try {
      if (entry.imageData) images.setData(entry.id, await rotateDataUrl(entry.imageData));
      else images.setPath(entry.id, (await rotateImage(entry.id)).imagePath);
      notify('app.experiences.rotated', { type: 'success' });
    } catch {
      notify('app.experiences.rotate_failed', { type: 'error' });
    }
  };
  const canRotate = (e: ImageEntryState) => storedAsIs(e) || Boolean(e.imageData);

  return (
    // A disabled fieldset disables every control inside it (the user may not write the pictures).
    <Box component="fieldset" disabled={disabled} sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle1" sx={{ mb: 0.5 }}>
        {label}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('app.experiences.images_hint', { max: MAX_EXPERIENCE_IMAGES, count: activeCount(entries) })}
      </Typography>
      <Box
        sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 150px), 1fr))' }}
        data-testid="images-grid"
      >
        {entries.map((entry, i) => (
          <ImageTile
            key={entry.id}
            entry={entry}
            index={i}
            count={entries.length}
            onRemove={() => images.toggleRemove(entry.id)}
            onNudge={(d) => images.nudge(entry.id, d)}
            onRotate={canRotate(entry) ? () => rotate(entry) : undefined}
            readOnly={disabled}
            onDragStart={(e) => {
              e.dataTransfer.setData(DRAG_TYPE, entry.id);
              e.dataTransfer.effectAllowed = 'move';
            }}
            onDrop={(e) => {
              e.preventDefault();
              const from = e.dataTransfer.getData(DRAG_TYPE);
              if (from) images.move(from, entry.id);
            }}
          />
        ))}
        <ButtonBase
          onClick={() => input.current?.click()}
          disabled={full || disabled}
          sx={{
            aspectRatio: '4 / 3',
            border: '2px dashed',
            borderColor: 'divider',
            borderRadius: 1,
            flexDirection: 'column',
            gap: 1,
            color: 'text.secondary',
            opacity: full || disabled ? 0.5 : 1,
          }}
        >
          <AddPhotoAlternateIcon />
          <Typography variant="body2">{translate('app.experiences.add_images')}</Typography>
        </ButtonBase>
      </Box>
      <input
        ref={input}
        type="file"
        accept={ACCEPT}
        multiple
        hidden
        onChange={onFiles}
        data-testid="image-input"
        aria-label={translate('app.experiences.add_images')}
      />
    </Box>
  );
}
