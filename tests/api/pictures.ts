import sharp from 'sharp';

/** A small PNG of one colour as the data URL an image field's body carries. */
export async function pictureData(colour: string, width = 64, height = 48): Promise<string> {
  const png = await sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}
