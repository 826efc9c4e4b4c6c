import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

// The rich text toolbar once showed 'Normal' in the Greek
// interface. Every string its buttons ask for (ra-input-rich-text's and the
// product's own heading picker) must have a Greek entry of its own.

const load = (l: string) => JSON.parse(readFileSync(`public/locales/${l}/translations.json`, 'utf8')) as Record<string, unknown>;
const lookup = (o: Record<string, unknown>, key: string): unknown =>
  key
    .split('.')
    .reduce<unknown>((v, k) => (v && typeof v === 'object' && Object.hasOwn(v, k) ? (v as Record<string, unknown>)[k] : undefined), o);

/** Every `ra.tiptap.*` key written out in a folder's scripts (not a template's prefix such as `ra.tiptap.heading${l}`). */
function keysIn(dir: string, ext: RegExp): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => ext.test(f))
    .flatMap((f) => readFileSync(join(dir, f), 'utf8').match(/ra\.tiptap\.[a-z0-9_]+(?![a-z0-9_$])/g) ?? []);
}

const library = dirname(createRequire(import.meta.url).resolve('ra-input-rich-text'));
const keys = [...new Set([...keysIn(library, /\.js$/), ...keysIn('src/core/admin/richtext', /\.tsx?$/)])].sort();

describe('the rich text toolbar in Greek', () => {
  it('finds the toolbar strings (the scan itself works)', () => {
    expect(keys).toEqual(
      expect.arrayContaining(['ra.tiptap.paragraph', 'ra.tiptap.bold', 'ra.tiptap.heading1', 'ra.tiptap.current_level']),
    );
  });

  it('has a Greek text for every one, not the English one', () => {
    const el = load('el');
    const en = load('en');
    const missing = keys.filter((k) => typeof lookup(el, k) !== 'string' || !(lookup(el, k) as string).trim());
    expect(missing).toEqual([]);
    const untranslated = keys.filter((k) => lookup(el, k) === lookup(en, k));
    expect(untranslated).toEqual([]);
    expect(lookup(el, 'ra.tiptap.paragraph')).toBe('Κανονικό');
  });
});
