import type { ResourceDef } from '../../core/shared/resource';

/** Interface texts per language. Served by their own routes (/api/auth/translations). */
export const translations: ResourceDef = {
  name: 'translations',
  table: 'translations',
  // Each entry keeps its own change metadata and the served files are snapshots: a version of a whole language per save would be megabytes of repeats.
  history: false,
  api: '/api/auth/translations',
  path: '/translations',
  menu: { name: 'Translations', group: 'normal', order: 30, description: 'Interface texts', roles: ['admin'] },
  operations: [],
  fields: {
    createdAt: { type: 'date', readOnly: true },
    language: { type: 'string', required: true, unique: true, maxLength: 16 },
    entries: { type: 'json' },
    /**
     * Per key, what the translator's workflow knows of it:
     * `at` when its text last changed, and in a translation `ref`, a hash of
     * the reference text it was saved against (server/entry-meta.ts).
     */
    entryMeta: { type: 'json', readOnly: true },
    lastGenerated: { type: 'date', readOnly: true },
    updatedAt: { type: 'date', readOnly: true },
  },
  search: [],
  sortable: ['language'],
  defaultSort: { field: 'language', order: 'ASC' },
  list: { columns: [{ source: 'language' }], searchPlaceholder: 'app.search.by_name' },
};
