import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { ErrorBody } from '../../src/core/shared/api/errors';

/**
 * Checks every answer of the app under test against the OpenAPI document it
 * serves (/api/docs/json): the status is one the operation declares, the
 * content type is the declared one, the body matches the declared schema and
 * declared headers (Retry-After) are there. The harness wraps `app.inject`
 * with it, so every API test doubles as a contract test: a mismatch fails the
 * test that made the request, naming the operation and what differs.
 */

interface MediaType {
  schema?: unknown;
}
interface ResponseSpec {
  content?: Record<string, MediaType>;
  headers?: Record<string, unknown>;
}
interface OperationSpec {
  operationId?: string;
  responses?: Record<string, ResponseSpec>;
}
interface Document {
  paths: Record<string, Record<string, OperationSpec>>;
}

interface Route {
  template: string;
  re: RegExp;
  params: number;
  methods: Record<string, OperationSpec>;
}

const trimSlash = (p: string) => (p.length > 1 ? p.replace(/\/+$/, '') : p);

/** The path the router matches: percent-decoded ('/%61pi/...' reaches '/api/...'). */
function decodedPath(url: string): string {
  const raw = new URL(url, 'http://x').pathname;
  try {
    return trimSlash(decodeURI(raw));
  } catch {
    return trimSlash(raw);
  }
}

function routesOf(doc: Document): Route[] {
  return Object.entries(doc.paths)
    .map(([template, methods]) => {
      const params = (template.match(/\{[^}]+\}/g) ?? []).length;
      const source = trimSlash(template)
        .split(/\{[^}]+\}/)
        .map((s) => s.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
        .join('[^/]+');
      return { template, re: new RegExp(`^${source}$`), params, methods };
    })
    .sort((a, b) => a.params - b.params);
}

/** What the checker reads of an answer: an inject response, or one made from a real HTTP response (tests/api/notification-stream.test.ts). */
export type CheckedResponse = Pick<LightMyRequestResponse, 'statusCode' | 'headers' | 'body'>;

export interface ContractChecker {
  /** Why a response does not match the document, or null when it does. */
  check(method: string, url: string, res: CheckedResponse): string | null;
}

// Compiling every response schema takes about a third of a second, and the test files of a run share a worker
// (vitest.config.ts): one checker per distinct document, made by the first app that serves it.
const checkers = new Map<string, ContractChecker>();

export async function contractChecker(app: FastifyInstance): Promise<ContractChecker> {
  const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
  let checker = checkers.get(res.body);
  if (!checker) checkers.set(res.body, (checker = compileChecker(res.json() as Document)));
  return checker;
}

function compileChecker(doc: Document): ContractChecker {
  const routes = routesOf(doc);
  const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: true });
  addFormats.default(ajv);
  const errorBody = ajv.compile(ErrorBody);
  const isErrorBody = (text: string) => {
    try {
      return errorBody(JSON.parse(text));
    } catch {
      return false;
    }
  };
  // Compiled up front: a test that pollutes Object.prototype must not change what is checked.
  const compiled = new Map<object, ValidateFunction>();
  for (const methods of Object.values(doc.paths))
    for (const op of Object.values(methods))
      for (const spec of Object.values(op.responses ?? {}))
        for (const media of Object.values(spec.content ?? {})) {
          if (media.schema && typeof media.schema === 'object') compiled.set(media.schema, ajv.compile(media.schema));
        }

  return {
    check(method, url, response) {
      const pathname = decodedPath(url);
      if (!pathname.startsWith('/api/') || pathname.startsWith('/api/docs')) return null;
      const route = routes.find((r) => r.re.test(pathname));
      const m = method.toUpperCase() === 'HEAD' ? 'get' : method.toLowerCase();
      const op = route?.methods[m];
      // No such route: the router's 404 (or a guard's refusal before it), which is no operation's answer but still an error body.
      if (!op) {
        const refused = response.statusCode >= 400 && response.statusCode < 500 && isErrorBody(response.body);
        return refused ? null : `${method} ${pathname}: no operation in the document, answered ${response.statusCode}`;
      }
      const where = `${method} ${route.template} (${op.operationId}) answered ${response.statusCode}`;
      const spec = op.responses?.[String(response.statusCode)] ?? op.responses?.[`${String(response.statusCode)[0]}XX`];
      if (!spec) return `${where}: status not declared (${Object.keys(op.responses ?? {}).join(', ')})`;
      for (const h of Object.keys(spec.headers ?? {})) {
        if (response.headers[h.toLowerCase()] === undefined) return `${where}: header ${h} missing`;
      }
      if (method.toUpperCase() === 'HEAD') return null;
      const type = String(response.headers['content-type'] ?? '')
        .split(';')[0]
        .trim();
      if (!spec.content) return response.body === '' ? null : `${where}: a body where none is declared`;
      const media = spec.content[type];
      if (!media) return `${where}: content type "${type}" not declared (${Object.keys(spec.content).join(', ')})`;
      // A declared non-JSON media type (text/csv, text/event-stream): its type is what can be checked, not its text.
      if (!media.schema || type !== 'application/json') return null;
      let body: unknown;
      try {
        body = JSON.parse(response.body);
      } catch {
        return `${where}: body is not JSON`;
      }
      const validate = compiled.get(media.schema as object);
      if (!validate) return `${where}: no compiled schema`;
      if (validate(body)) return null;
      return `${where}: body does not match the schema: ${ajv.errorsText(validate.errors)} in ${response.body.slice(0, 300)}`;
    },
  };
}

/** Wraps `app.inject` so every answer is checked; a mismatch throws. */
export async function checkEveryResponse(app: FastifyInstance): Promise<void> {
  const checker = await contractChecker(app);
  const inject = app.inject.bind(app) as (opts: InjectOptions | string) => Promise<LightMyRequestResponse>;
  const checked = async (opts: InjectOptions | string) => {
    const res = await inject(opts);
    const o = typeof opts === 'string' ? { method: 'GET', url: opts } : opts;
    const url = typeof o.url === 'string' ? o.url : String(o.path ?? '');
    const mismatch = checker.check(String(o.method ?? 'GET'), url, res);
    if (mismatch) throw new Error(`Response does not match the OpenAPI document: ${mismatch}`);
    return res;
  };
  Object.defineProperty(app, 'inject', { value: checked, configurable: true, writable: true });
}
