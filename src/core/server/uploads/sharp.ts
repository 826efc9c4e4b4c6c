import type Sharp from 'sharp';

let loading: Promise<typeof Sharp> | undefined;

/**
 * sharp, loaded with the first picture rather than at start: libvips holds
 * resident memory (about 10 MB) in a server that may never see a picture.
 */
export function loadSharp(): Promise<typeof Sharp> {
  loading ??= import('sharp').then((m) => m.default);
  return loading;
}
