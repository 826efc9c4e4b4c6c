import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from '../http/http-error';
import { humanize } from '../http/labels';

/** Deeper than any body this API takes; walking further would only serve an attacker. */
const MAX_DEPTH = 32;

type Part = 'params' | 'querystring' | 'body';
const FALLBACK: Record<Part, string> = { params: 'path', querystring: 'query', body: 'body' };

interface Finding {
  kind: 'nul' | 'depth' | 'number';
  /** Top-level field the finding is under (null: a key at the top level). */
  field: string | null;
  value?: number;
}

/**
 * Walks a request part (without recursion: depth is itself an input) and
 * reports the first string or key with a NUL character, nesting deeper than
 * MAX_DEPTH, or (with `numbers`) a number that is not finite.
 */
function inspect(value: unknown, numbers: boolean): Finding | null {
  const stack: { v: unknown; field: string | null; depth: number }[] = [{ v: value, field: null, depth: 0 }];
  for (let top = stack.pop(); top; top = stack.pop()) {
    const { v, field, depth } = top;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return { kind: 'nul', field };
    } else if (typeof v === 'number') {
      if (numbers && !Number.isFinite(v)) return { kind: 'number', field, value: v };
    } else if (v && typeof v === 'object') {
      if (depth >= MAX_DEPTH) return { kind: 'depth', field };
      for (const [k, x] of Object.entries(v)) {
        if (k.includes('\u0000')) return { kind: 'nul', field };
        stack.push({ v: x, field: depth === 0 && !Array.isArray(v) ? k : field, depth: depth + 1 });
      }
    }
  }
  return null;
}

function schemaOf(request: FastifyRequest, part: Part, field: string): { minimum?: number; maximum?: number } | undefined {
  const schema = request.routeOptions.schema?.[part] as { properties?: Record<string, { minimum?: number; maximum?: number }> } | undefined;
  return schema?.properties && Object.hasOwn(schema.properties, field) ? schema.properties[field] : undefined;
}

function refuse(request: FastifyRequest, part: Part, finding: Finding): never {
  const field = finding.field ?? FALLBACK[part];
  const label = humanize(field);
  let message: string;
  if (finding.kind === 'nul') message = `${label} must not contain a NUL character`;
  else if (finding.kind === 'depth') message = `${label} is nested too deeply`;
  else {
    const s = schemaOf(request, part, field);
    if (finding.value === Infinity && s?.maximum !== undefined) message = `${label} must be at most ${s.maximum}`;
    else if (finding.value === -Infinity && s?.minimum !== undefined) message = `${label} must be at least ${s.minimum}`;
    else message = `${label} must be a finite number`;
  }
  throw badRequest(message, { [field]: message });
}

/**
 * Input that no route can use, refused with a 400 before any route sees it:
 * a NUL character in any string of the path, query or body (PostgreSQL text
 * cannot hold one), absurd nesting, and numbers that are not finite (the
 * validator's coercion turns a query's `1e309` into Infinity and then skips
 * its range checks).
 */
export const inputGuardPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (request) => {
    for (const part of ['params', 'querystring'] as const) {
      const finding = inspect(part === 'params' ? request.params : request.query, false);
      if (finding) refuse(request, part, finding);
    }
  });
  app.addHook('preValidation', async (request) => {
    const finding = inspect(request.body, false);
    if (finding) refuse(request, 'body', finding);
  });
  app.addHook('preHandler', async (request) => {
    for (const part of ['params', 'querystring', 'body'] as const) {
      const finding = inspect(part === 'params' ? request.params : part === 'querystring' ? request.query : request.body, true);
      if (finding) refuse(request, part, finding);
    }
  });
});
