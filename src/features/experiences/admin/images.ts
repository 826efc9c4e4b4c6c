/** An image as the API lists it. */
export interface ApiImage {
  id: string;
  path: string;
  thumb: string;
  url: string;
  thumbUrl: string;
}

/** Items without pictures show the default image. */
export const NO_IMAGE = '/item-no-image.png';

export function imagesOf(record: object | undefined): ApiImage[] {
  const images = record && 'images' in record ? record.images : undefined;
  return Array.isArray(images) ? (images as ApiImage[]) : [];
}
