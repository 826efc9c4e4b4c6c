/** An endpoint's URL as people read it: percent-escapes of non-ASCII paths decoded (the stored URL is unchanged). */
export function readableUrl(url: string): string {
  try {
    return decodeURI(url);
  } catch {
    return url;
  }
}
