import { useState } from 'react';
import { ButtonBase } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { imagesOf, NO_IMAGE } from './images';
import { PreviewDialog } from './PreviewDialog';

/** The first picture's thumbnail; a click opens the preview overlay. */
export function ThumbCell(_props: { label?: string; sortable?: boolean }) {
  const record = useRecordContext();
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const images = imagesOf(record);
  const title = typeof record?.title === 'string' ? record.title : '';
  if (!images.length)
    return <img src={NO_IMAGE} alt="" width={56} height={42} style={{ objectFit: 'cover', borderRadius: 4, opacity: 0.6 }} />;
  return (
    <>
      <ButtonBase
        onClick={() => setOpen(true)}
        aria-label={translate('app.experiences.preview', { title })}
        sx={{ borderRadius: 1, overflow: 'hidden' }}
      >
        <img
          src={images[0].thumbUrl}
          alt=""
          width={56}
          height={42}
          loading="lazy"
          style={{ objectFit: 'cover', display: 'block' }}
          data-testid="experience-thumb"
        />
      </ButtonBase>
      {open && <PreviewDialog images={images} title={title} onClose={() => setOpen(false)} />}
    </>
  );
}
