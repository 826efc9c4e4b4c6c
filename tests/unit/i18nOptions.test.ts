// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { i18nOptions } from '../../src/core/admin/providers/i18nOptions';

const flat = (o: Record<string, unknown>, p = ''): string[] =>
  Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' ? flat(v as Record<string, unknown>, p + k + '.') : [p + k]));
const load = (l: string) => JSON.parse(readFileSync(`public/locales/${l}/translations.json`, 'utf8')) as Record<string, unknown>;

describe('i18n', () => {
  it('sets detection order, fallback el, language only, retries', () => {
    expect(i18nOptions).toMatchObject({
      fallbackLng: 'el',
      load: 'languageOnly',
      maxRetries: 5,
      retryTimeout: 350,
      maxParallelReads: 10,
      interpolation: { escapeValue: false },
      detection: { order: ['localStorage', 'navigator', 'htmlTag'], lookupLocalStorage: 'i18nextLng' },
      backend: { loadPath: '/locales/{{lng}}/translations.json' },
    });
  });

  it('ships en and el with the same keys, react-admin messages included', () => {
    const en = flat(load('en'));
    const el = flat(load('el'));
    expect(el.sort()).toEqual(en.sort());
    expect(en).toContain('ra.action.save');
    expect(en).toContain('ra.navigation.page_range_info');
  });
});
