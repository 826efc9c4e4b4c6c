import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import * as contract from '../contract';
import { isoDate } from '../../../core/server/crud/representation';
import { refuseUnknownParams } from '../../../core/server/crud/known-params';
import { translationsT } from '../../../core/server/db/tables';
import { badRequest, notFound } from '../../../core/server/http/http-error';
import type { Entries } from './flatten';
import { FORBIDDEN_KEY_MESSAGE, forbiddenSegment } from '../../../core/shared/safe-keys';
import { listLanguages } from './store';
import { saveLanguage } from './save';
import { readEntryStates } from './entries';
import { ENTRY_FILTERS, matchesFilter, matchesSearch } from '../entry-status';
import { auditActorOf } from '../../../core/server/audit/record';
import { generateSnapshots } from './snapshots';
import { keyHistory } from './key-history';
import { pageCount, pageOffset } from '../../../core/shared/api/paging';

const MAX_ENTRIES = 20000;
const MAX_VALUE = 10000;

function view(row: Record<string, unknown>) {
  return {
    _id: String(row.id),
    language: String(row.language),
    data: { entries: (row.entries ?? {}) as Record<string, string> },
    lastGenerated: isoDate(row.lastGenerated),
    updatedAt: isoDate(row.updatedAt),
  };
}

/** Translations: list, read, save and generate the interface files. */
export async function translationRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  const db = () => app.deps.database.db;
  const languages = async () =>
    (await listLanguages(db())).map((l) => ({
      language: l.language,
      lastGenerated: isoDate(l.lastGenerated),
      updatedAt: isoDate(l.updatedAt),
      progress: l.progress,
    }));

  app.post('/api/auth/translations', { schema: contract.translationsAction }, async (req) => {
    const body = req.body ?? {};
    if (body.generate_files) {
      const generated = await generateSnapshots(db());
      return { ok: true as const, generated, translations: await languages() };
    }
    if (!body.lang) return { translations: await languages() };
    const [row] = await db().select().from(translationsT).where(eq(translationsT.language, body.lang));
    return { langFound: Boolean(row), translation: row ? view(row) : null, translations: await languages() };
  });

  app.put('/api/auth/translations', { bodyLimit: 4 * 1024 * 1024, schema: contract.saveTranslations }, async (req) => {
    const { data } = req.body;
    const nested = Object.hasOwn(data, 'entries') ? data.entries : undefined;
    const raw = (nested && typeof nested === 'object' ? nested : data) as Record<string, unknown>;
    // Keys are chosen by the user: no prototype, and none that could reach one.
    const entries: Entries = Object.create(null) as Entries;
    for (const [k, v] of Object.entries(raw)) {
      const key = k.trim();
      if (!key) continue; // blank keys are dropped
      if (forbiddenSegment(key) !== null) {
        const message = `${FORBIDDEN_KEY_MESSAGE}: "${key.slice(0, 80)}".`;
        throw badRequest(message, { data: message });
      }
      if (typeof v !== 'string') throw badRequest(`The value of "${key.slice(0, 80)}" must be text.`);
      if (v.length > MAX_VALUE || key.length > 300) throw badRequest(`The entry "${key.slice(0, 80)}" is too long.`);
      entries[key] = v;
    }
    if (Object.keys(entries).length > MAX_ENTRIES) throw badRequest(`At most ${MAX_ENTRIES} entries per language.`);
    const { acceptTagWarnings, reviewed } = req.body;
    const row = await saveLanguage(db(), req.body.lang, entries, { acceptTagWarnings, reviewed, audit: auditActorOf(req) });
    return { ok: true as const, translation: view(row), translations: await languages() };
  });

  // The translator's list, filtered and searched on the server.
  app.get(
    '/api/auth/translations/entries',
    { preValidation: refuseUnknownParams(contract.entriesQuery), schema: contract.listEntries },
    async (req) => {
      const { lang, filter = 'all', q = '', page = 1, limit = 50 } = req.query;
      const read = await readEntryStates(db(), lang);
      if (!read) throw notFound('Language');
      const searched = read.states.filter((e) => matchesSearch(e, q));
      const counts = Object.fromEntries(ENTRY_FILTERS.map((f) => [f, searched.filter((e) => matchesFilter(e, f)).length])) as Record<
        (typeof ENTRY_FILTERS)[number],
        number
      >;
      const shown = searched.filter((e) => matchesFilter(e, filter));
      return {
        language: lang,
        reference: read.reference,
        found: read.found,
        data: shown.slice(pageOffset(page, limit), pageOffset(page + 1, limit)),
        counts,
        total: shown.length,
        page,
        pages: pageCount(shown.length, limit),
      };
    },
  );

  // A key's history for whoever may save translations, without the audit log's permission.
  app.get(
    '/api/auth/translations/history',
    {
      config: { rbacRoute: '/api/auth/translations', rbacMethod: 'PUT' },
      preValidation: refuseUnknownParams(contract.keyHistoryQuery),
      schema: contract.keyHistory,
    },
    async (req) => {
      const { lang, key, page = 1, limit = 20 } = req.query;
      const { data, total } = await keyHistory(db(), lang, key, page, limit);
      return { language: lang, key, data, total, page, pages: pageCount(total, limit) };
    },
  );
}
