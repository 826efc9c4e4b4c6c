/**
 * The bare handler a hot path is measured against: Fastify and `pg` alone,
 * no auth, no plugins, running the product's own SQL for the same request
 * as named prepared statements. The SQL is not written here: it is what the
 * product sent to PostgreSQL for one probe request (captured below), less
 * the statements of auth (sessions, permissions), so the two always run the
 * same query on the same rows.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import type { AddressInfo } from 'node:net';

export interface Statement {
  text: string;
  values: unknown[];
}

/** Auth's own statements (a session and its permissions): the bare handler has no auth. */
const AUTH = /\b(sessions|permissions|user_roles|roles|access_rules|client_permissions)\b/;

/**
 * Runs `work` (one request to the product) and returns the statements it sent
 * that read `table`, in order: the product's pool is in this process, so its
 * clients' `query` is watched for the time of the request.
 */
export async function captureStatements(table: string, work: () => Promise<void>): Promise<Statement[]> {
  const seen: Statement[] = [];
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  proto.query = function (this: unknown, ...args: unknown[]) {
    const [first, second] = args;
    const text = typeof first === 'string' ? first : (first as { text?: string } | undefined)?.text;
    const values = (Array.isArray(second) ? second : (first as { values?: unknown[] } | undefined)?.values) ?? [];
    if (text && new RegExp(`\\b"?${table}"?\\b`).test(text) && !AUTH.test(text)) seen.push({ text, values });
    return original.apply(this, args);
  };
  try {
    await work();
  } finally {
    proto.query = original;
  }
  return seen;
}

/**
 * A bare server on `databaseUrl`: `GET /bare/:scenario/:id?` runs that
 * scenario's statements (in parallel, as named statements), the value
 * `probeId` replaced by the id in the path, and answers the rows as JSON.
 */
export async function startBare(
  databaseUrl: string,
  scenarios: ReadonlyMap<string, { statements: Statement[]; probeId?: string }>,
): Promise<{ base: string; close(): Promise<void> }> {
  // The product's request pool has 20 connections.
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 20 });
  const app: FastifyInstance = Fastify({ logger: false });
  let n = 0;
  for (const [name, s] of scenarios) {
    const names = s.statements.map(() => `bare_${n++}`);
    app.get<{ Params: { id?: string } }>(`/bare/${name}/:id?`, async (req) => {
      const results = await Promise.all(
        s.statements.map((st, i) =>
          pool.query({
            name: names[i],
            text: st.text,
            values: st.values.map((v) => (s.probeId !== undefined && v === s.probeId ? req.params.id : v)),
          }),
        ),
      );
      return results.length === 1 ? results[0].rows : results.map((r) => r.rows);
    });
  }
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    async close() {
      await app.close();
      await pool.end();
    },
  };
}
