import { useState } from 'react';
import { Box, ButtonBase, Dialog, DialogContent, DialogTitle, IconButton } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { useTranslate } from 'react-admin';
import type { ApiImage } from './images';

/** Full-size preview overlay with a strip of the other pictures. */
export function PreviewDialog({ images, title, onClose }: { images: ApiImage[]; title: string; onClose: () => void }) {
  const translate = useTranslate();
  const [index, setIndex] = useState(0);
  const current = images[Math.min(index, images.length - 1)];
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth>
      <DialogTitle sx={{ pr: 6 }}>{title}</DialogTitle>
      <IconButton aria-label={translate('ra.action.close')} onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
        <CloseIcon />
      </IconButton>
      <DialogContent>
        <Box
          component="img"
          src={current.url}
          alt={title}
          data-testid="preview-image"
          sx={{ display: 'block', maxWidth: '100%', maxHeight: '70vh', mx: 'auto', borderRadius: 1 }}
        />
        {images.length > 1 && (
          <Box sx={{ display: 'flex', gap: 1, mt: 2, flexWrap: 'wrap', justifyContent: 'center' }}>
            {images.map((img, i) => (
              <ButtonBase
                key={img.id}
                onClick={() => setIndex(i)}
                aria-label={`${i + 1} / ${images.length}`}
                sx={{ borderRadius: 1, outline: i === index ? '2px solid' : 'none', outlineColor: 'primary.main' }}
              >
                <img src={img.thumbUrl} alt="" width={64} height={48} style={{ objectFit: 'cover', display: 'block', borderRadius: 4 }} />
              </ButtonBase>
            ))}
          </Box>
        )}
      </DialogContent>
    </Dialog>
  );
}
