import { useState, type DragEvent } from 'react';
import { Box, CircularProgress, IconButton, Tooltip, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import UndoIcon from '@mui/icons-material/Undo';
import RotateRightIcon from '@mui/icons-material/RotateRight';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { useTranslate } from 'react-admin';
import type { ImageEntryState } from '../../../core/shared/image-entry';

export interface ImageTileProps {
  entry: ImageEntryState;
  index: number;
  count: number;
  onRemove: () => void;
  onNudge: (delta: -1 | 1) => void;
  /** Absent when the picture cannot be turned (removed, or an undone remove awaiting its file). */
  onRotate?: () => Promise<void>;
  onDragStart: (e: DragEvent) => void;
  onDrop: (e: DragEvent) => void;
  /** The user may not change the pictures: the picture only, no buttons, no dragging. */
  readOnly?: boolean;
}

const iconSx = { bgcolor: 'background.paper', '&:hover': { bgcolor: 'background.paper' }, boxShadow: 1 };

/** One picture of the editor: drag to reorder, arrows for the keyboard, rotate, remove/undo. */
export function ImageTile({ entry, index, count, onRemove, onNudge, onRotate, onDragStart, onDrop, readOnly = false }: ImageTileProps) {
  const translate = useTranslate();
  const [rotating, setRotating] = useState(false);
  const [over, setOver] = useState(false);
  const removed = entry.operation === 'remove';
  const src = entry.operation === 'create' || (entry.operation === 'update' && entry.imageData) ? entry.imageData : entry.imagePath;
  const rotate = async () => {
    if (!onRotate) return;
    setRotating(true);
    try {
      await onRotate();
    } finally {
      setRotating(false);
    }
  };
  const t = (k: string) => translate(`app.experiences.${k}`);
  return (
    <Box
      draggable={!readOnly}
      onDragStart={onDragStart}
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        setOver(false);
        onDrop(e);
      }}
      data-testid="image-tile"
      data-operation={entry.operation}
      sx={{
        position: 'relative',
        borderRadius: 1,
        overflow: 'hidden',
        border: '2px solid',
        borderColor: over ? 'primary.main' : 'divider',
        cursor: 'grab',
        bgcolor: 'action.hover',
        aspectRatio: '4 / 3',
      }}
    >
      <Box
        component="img"
        src={src ?? undefined}
        alt={entry.name ?? `${index + 1}`}
        draggable={false}
        sx={{
          width: '100%',
          height: '100%',
          objectFit: 'contain',
          display: 'block',
          opacity: removed ? 0.35 : 1,
          filter: removed ? 'grayscale(1)' : 'none',
        }}
      />
      <Typography
        variant="caption"
        sx={{ position: 'absolute', left: 6, top: 6, px: 0.75, borderRadius: 1, bgcolor: 'rgba(0,0,0,.6)', color: '#fff' }}
      >
        {index + 1}
        {entry.operation === 'create' ? ` · ${t('new_image')}` : ''}
      </Typography>
      {removed && (
        <Typography
          data-testid="removed-label"
          sx={{
            position: 'absolute',
            inset: 0,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            fontWeight: 700,
            textDecoration: 'line-through',
            color: 'error.main',
          }}
        >
          {t('removed')}
        </Typography>
      )}
      {!readOnly && <TileActions {...{ entry, index, count, onRemove, onNudge, onRotate, rotate, rotating, removed }} />}
    </Box>
  );
}

/** A tile's buttons: rotate, remove or undo, and earlier/later for the keyboard. */
function TileActions({
  index,
  count,
  onRemove,
  onNudge,
  onRotate,
  rotate,
  rotating,
  removed,
}: Omit<ImageTileProps, 'onDragStart' | 'onDrop' | 'readOnly'> & { rotate: () => Promise<void>; rotating: boolean; removed: boolean }) {
  const translate = useTranslate();
  const t = (k: string) => translate(`app.experiences.${k}`);
  return (
    <>
      <Box sx={{ position: 'absolute', right: 6, top: 6, display: 'flex', gap: 0.5 }}>
        {onRotate && !removed && (
          <Tooltip title={t('rotate')}>
            <span>
              <IconButton size="small" aria-label={t('rotate')} onClick={() => void rotate()} disabled={rotating} sx={iconSx}>
                {rotating ? <CircularProgress size={16} /> : <RotateRightIcon fontSize="small" />}
              </IconButton>
            </span>
          </Tooltip>
        )}
        <Tooltip title={removed ? t('undo_remove') : t('remove')}>
          <IconButton
            size="small"
            aria-label={removed ? t('undo_remove') : t('remove')}
            onClick={onRemove}
            sx={iconSx}
            color={removed ? 'primary' : 'error'}
          >
            {removed ? <UndoIcon fontSize="small" /> : <DeleteIcon fontSize="small" />}
          </IconButton>
        </Tooltip>
      </Box>
      <Box sx={{ position: 'absolute', left: 6, bottom: 6, display: 'flex', gap: 0.5 }}>
        <IconButton size="small" aria-label={t('move_earlier')} disabled={index === 0} onClick={() => onNudge(-1)} sx={iconSx}>
          <ChevronLeftIcon fontSize="small" />
        </IconButton>
        <IconButton size="small" aria-label={t('move_later')} disabled={index === count - 1} onClick={() => onNudge(1)} sx={iconSx}>
          <ChevronRightIcon fontSize="small" />
        </IconButton>
      </Box>
    </>
  );
}
