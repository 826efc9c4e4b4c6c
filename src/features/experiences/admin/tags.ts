/** Tags are typed comma separated; split, trimmed, empties removed. */
export function parseTags(text: string): string[] {
  return text
    .split(',')
    .map((t) => t.trim())
    .filter((t) => t.length > 0);
}

/** The form's text for a stored tag list. */
export function formatTags(tags: unknown): string {
  return Array.isArray(tags) ? tags.filter((t) => typeof t === 'string').join(', ') : '';
}
