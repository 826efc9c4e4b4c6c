import type { PGlite, QueryOptions, Transaction } from '@electric-sql/pglite';
import { oneTripQuery, type OneTripQuery } from './pglite-one-trip';
import { DRIZZLE_TEXT_TYPES } from './drizzle-text-types';

const asText = (value: string) => value;
const keptAsText = new Set(DRIZZLE_TEXT_TYPES.map(String));

/** A query's options without drizzle's parsers, when they are for types the client now keeps as text itself. */
function ownParsersOnly(options: QueryOptions | undefined): QueryOptions | undefined {
  if (!options?.parsers) return options;
  for (const oid in options.parsers) if (!keptAsText.has(oid)) return options;
  // Destructured rather than deleted: a deleted key turns the object into a slow dictionary for every later read.
  const { parsers: _drizzles, ...rest } = options;
  return rest;
}

type Queryable = Pick<PGlite, 'query'> | Pick<Transaction, 'query'>;

/** `target` whose `query` drops drizzle's parsers (above) and goes in one trip, with `extra`'s members, the others as they are (bound: PGlite keeps private fields). */
function drizzleFacing<T extends Queryable>(
  target: T,
  oneTrip: OneTripQuery,
  inTransaction: boolean,
  extra: Partial<Record<keyof T, unknown>> = {},
): T {
  const query: Queryable['query'] = (text, params, options) => {
    // PGlite's own transaction refuses a statement once it has ended; it must not run outside it, or in another's.
    if (inTransaction && (target as Transaction).closed) return Promise.reject(new Error('Transaction is closed'));
    const own = ownParsersOnly(options);
    return own?.blob ? target.query(text, params, own) : oneTrip(text, params, own, inTransaction);
  };
  return new Proxy(target, {
    get(t, prop) {
      if (prop === 'query') return query;
      if (Object.hasOwn(extra, prop)) return extra[prop as keyof T];
      const value: unknown = Reflect.get(t, prop, t);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(t) : value;
    },
  });
}

/**
 * The server's PGlite as drizzle is given it: a started client
 * (PGlite.create). drizzle's PGlite session hands PGlite the same nine
 * parsers with every statement, and PGlite then copies its whole table of
 * parsers (318 entries) to merge them: 90 us a statement in a
 * micro-benchmark; without it a get by id over 1,000,000 users answered 45%
 * more requests a second. Here the client's own table holds them once, and
 * drizzle's statements reach it without theirs (in transactions too), each
 * in one trip (pglite-one-trip.ts). Only for a client that nothing else
 * queries: its dates now come back as text.
 */
export function forDrizzle(client: PGlite): PGlite {
  // After PGlite's start, which fills the array types' parsers in the same table (overwriting any given at create).
  for (const oid of DRIZZLE_TEXT_TYPES) client.parsers[oid] = asText;
  const oneTrip = oneTripQuery(client);
  const transaction: PGlite['transaction'] = (work) => client.transaction((tx) => work(drizzleFacing(tx, oneTrip, true)));
  return drizzleFacing(client, oneTrip, false, { transaction });
}
