import { isDeepStrictEqual } from 'node:util';
import { loadavg } from 'node:os';
import type { BuildOptions } from '../../src/core/server/app';
import type { BenchArgs } from './args';
import { cannon, type CannonRequest } from './cannon';
import { listenAndSignIn, log, prepare, sampleIds, type Kind } from './prepare';
import { serializerOnly } from './serializer-only';

/**
 * What answering through the response schemas costs: get
 * by id and list page 1 on one database, served with the schemas (the server
 * as it runs: fast-json-stringify) and without (`serializeWithoutSchemas`:
 * JSON.stringify, as before the API contract).
 *
 *   npm run bench:api -- --db postgres --rows 100000 --duration 10 --serialization 4
 *
 * Each round rebuilds the server in each mode; rounds alternate the order
 * (A B, B A, ...) so a machine whose speed drifts weighs on both alike.
 */
const MODES: { name: string; options: Omit<BuildOptions, 'logger'> }[] = [
  { name: 'schemas', options: {} },
  { name: 'JSON.stringify', options: { serializeWithoutSchemas: true } },
];

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

export async function compareSerialization(kind: Kind, args: BenchArgs): Promise<void> {
  const prepared = await prepare(kind, args);
  const ids = await sampleIds(prepared.app);
  const scenarios: { name: string; requests: CannonRequest[] }[] = [
    { name: `get by id (${ids.length} ids)`, requests: ids.map((id) => ({ path: `/api/auth/users/${id}` })) },
    { name: 'list page 1', requests: [{ path: '/api/auth/users?page=1&limit=25' }] },
  ];
  // The serialization step alone first (CPU only, alternating batches).
  const signedIn = await listenAndSignIn(prepared.app);
  const alone = await serializerOnly(prepared.app, signedIn.headers.authorization.replace('Bearer ', ''));
  log(`| serializer alone (${kind}) | answer bytes | fast-json-stringify µs | JSON.stringify µs | schemas' time / JSON.stringify's |`);
  log(`|---|---:|---:|---:|---:|`);
  for (const a of alone) {
    log(`| ${a.name} | ${a.bytes} | ${a.schemaUs.toFixed(2)} | ${a.jsonUs.toFixed(2)} | ${((a.schemaUs / a.jsonUs) * 100).toFixed(0)} % |`);
  }
  log('');
  const rates = new Map<string, number[]>();
  const loads: number[] = [];
  /** The first answer of each scenario in each mode: both modes must send the same JSON. */
  const firstBodies = new Map<string, unknown>();
  try {
    for (let round = 0; round < args.serialization; round++) {
      const order = round % 2 === 0 ? MODES : [...MODES].reverse();
      for (const mode of order) {
        const app = await prepared.reopen(mode.options);
        const { base, headers } = await listenAndSignIn(app);
        for (const s of scenarios) {
          const probe = await fetch(base + s.requests[0].path, { headers });
          if (probe.status !== 200) throw new Error(`${s.name} (${mode.name}): ${probe.status}`);
          const body: unknown = await probe.json();
          const seen = firstBodies.get(s.name);
          if (seen === undefined) firstBodies.set(s.name, body);
          else if (!isDeepStrictEqual(seen, body)) throw new Error(`${s.name}: the two modes answer different JSON`);
          const opts = { url: base, connections: args.connections, requests: s.requests, headers };
          await cannon({ ...opts, duration: Math.min(2, args.duration) }); // warm-up, discarded
          const result = await cannon({ ...opts, duration: args.duration });
          if (result.non2xx || result.errors)
            throw new Error(`${s.name} (${mode.name}): ${result.non2xx} non-2xx, ${result.errors} errors`);
          const key = `${s.name}|${mode.name}`;
          rates.set(key, [...(rates.get(key) ?? []), result.requests]);
          loads.push(loadavg()[0]);
          log(
            `[${kind}] round ${round + 1} ${mode.name.padEnd(14)} ${s.name.padEnd(22)} ${result.requests.toFixed(0).padStart(6)} req/s  p50 ${result.p50} ms  p99 ${result.p99} ms  load ${loadavg()[0].toFixed(1)}`,
          );
        }
      }
    }
  } finally {
    await prepared.cleanup();
  }
  log('');
  log(`| DB | scenario | with schemas req/s (rounds; median) | JSON.stringify req/s (rounds; median) | difference |`);
  log(`|---|---|---|---|---:|`);
  for (const s of scenarios) {
    const [a, b] = MODES.map((m) => rates.get(`${s.name}|${m.name}`) ?? []);
    const [ma, mb] = [median(a), median(b)];
    const fmt = (xs: number[], m: number) => `${xs.map((x) => x.toFixed(0)).join(' / ')}; **${m.toFixed(0)}**`;
    const diff = ((ma - mb) / mb) * 100;
    log(`| ${kind} | ${s.name} | ${fmt(a, ma)} | ${fmt(b, mb)} | ${diff >= 0 ? '+' : ''}${diff.toFixed(1)} % |`);
  }
  log('');
  log(`${prepared.seedNote}; load average during the runs ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}`);
}
