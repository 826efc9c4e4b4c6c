import { useState } from 'react';
import { useT } from '../../../core/site/i18n/context';
import type { PublicImage } from './experienceApi';

/** One large picture and a row of thumbnails to switch it; nothing when there are none. */
export function ExperienceGallery({ images, title }: { images: PublicImage[]; title: string }) {
  const t = useT();
  const [index, setIndex] = useState(0);
  if (!images.length) return null;
  const current = images[Math.min(index, images.length - 1)];
  const label = (i: number) => t('app.experiences.public.photo', { n: i + 1, total: images.length });
  return (
    <section className="xp-gallery" aria-label={title}>
      <figure className="xp-main">
        <img src={current.url} alt={`${title} - ${label(index)}`} data-testid="experience-main-image" />
      </figure>
      {images.length > 1 && (
        <ul className="xp-thumbs">
          {images.map((img, i) => (
            <li key={img.id}>
              <button type="button" className="xp-thumb" aria-label={label(i)} aria-current={i === index} onClick={() => setIndex(i)}>
                <img src={img.thumbUrl} alt="" loading="lazy" data-testid="experience-thumb" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
