import fc from 'fast-check';

/**
 * Requests generated from the served OpenAPI document: for each operation,
 * values that fit its request schemas (params, querystring, body) mixed with
 * hostile ones: boundary and very long strings, NUL, unicode (lone
 * surrogates included), wrong types, deep nesting, __proto__/constructor
 * keys, huge numbers written as JSON literals (1e309), broken JSON and
 * broken multipart bodies.
 */

export interface Schema {
  type?: string | string[];
  nullable?: boolean;
  enum?: unknown[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  items?: Schema;
  maxItems?: number;
  properties?: Record<string, Schema>;
  required?: string[];
}

export interface Operation {
  method: string;
  /** OpenAPI path, `{id}` style. */
  path: string;
  params: { in: 'path' | 'query'; name: string; required: boolean; schema: Schema }[];
  body?: Schema;
  /** Takes a file as multipart/form-data (an upload: the profile picture, an import). */
  upload: boolean;
}

export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** How the request was built, for the failure report. */
  note: string;
}

interface OpenApi {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Operation['params'];
        requestBody?: { content: Record<string, { schema: Schema }> };
        responses?: Record<string, { content?: Record<string, unknown> }>;
      }
    >
  >;
}

export function operationsOf(doc: OpenApi): Operation[] {
  const ops: Operation[] = [];
  for (const [path, byMethod] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(byMethod)) {
      // An event stream answers for as long as the client stays: a request to it never completes
      // (tests/api/notification-stream.test.ts covers it).
      if (op.responses?.['200']?.content?.['text/event-stream']) continue;
      ops.push({
        method: method.toUpperCase(),
        path,
        params: (op.parameters ?? []).filter((p) => p.in === 'path' || p.in === 'query'),
        body: op.requestBody?.content['application/json']?.schema,
        upload: Boolean(op.requestBody?.content['multipart/form-data']),
      });
    }
  }
  return ops;
}

/** A JSON text written as is: numbers JSON.stringify cannot write (1e309), deep nesting, broken JSON. */
class Raw {
  constructor(readonly text: string) {}
}

type Json = null | boolean | number | string | Raw | Json[] | { [k: string]: Json };

function toJson(v: Json): string {
  if (v instanceof Raw) return v.text;
  if (Array.isArray(v)) return `[${v.map(toJson).join(',')}]`;
  if (v && typeof v === 'object') {
    return `{${Object.entries(v)
      .map(([k, x]) => `${JSON.stringify(k)}:${toJson(x)}`)
      .join(',')}}`;
  }
  return JSON.stringify(v) ?? 'null';
}

const PROTO_KEYS = ['__proto__', 'constructor', 'prototype', '__proto__.access', 'constructor.prototype.access', 'a.__proto__.b'];

/** Strings that broke servers somewhere. */
const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '%00',
  '\ud800',
  '\udfff\ud800',
  '\u202eevil',
  '💥🔥'.repeat(20),
  'ｅｘａｍｐｌｅ',
  'Ελληνικά',
  '../../../../etc/passwd',
  '..%2f..%2fetc%2fpasswd',
  "' OR '1'='1",
  '"; DROP TABLE users; --',
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}',
  'javascript:alert(1)',
  '1e309',
  '1e20',
  '-1',
  '1.5',
  'NaN',
  'Infinity',
  '0x10',
  'null',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'a@b.c',
  'admin@example.com',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '\n\r\t',
  '\\',
];

const HUGE_NUMBERS = ['1e309', '-1e309', '1e20', '9007199254740993', '1.7976931348623157e308', '-0', '0.0000001', '1e-400'];

const nastyString = (): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
    { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
    { weight: 1, arbitrary: fc.integer({ min: 201, max: 20000 }).map((n) => 'x'.repeat(n)) },
    { weight: 1, arbitrary: fc.integer({ min: 20001, max: 200000 }).map((n) => 'é'.repeat(n)) },
    { weight: 3, arbitrary: fc.string({ maxLength: 20 }).map((s) => `${s}\u0000${s}`) },
  );

/** A query value where the schema wants a number: often one no integer type survives. */
const nastyNumberText = (): fc.Arbitrary<string> =>
  fc.oneof(fc.constantFrom(...HUGE_NUMBERS, 'Infinity', '-Infinity', 'NaN', '1.5', 'abc', '', '-1', '0'), fc.double().map(String));

const deepNesting = (): fc.Arbitrary<Json> =>
  fc.oneof(
    fc.integer({ min: 20, max: 3000 }).map((d) => new Raw('['.repeat(d) + ']'.repeat(d))),
    fc.integer({ min: 20, max: 3000 }).map((d) => new Raw('{"a":'.repeat(d) + '1' + '}'.repeat(d))),
  );

const protoObject = (): fc.Arbitrary<Json> =>
  fc
    .tuple(
      fc.constantFrom(...PROTO_KEYS),
      fc.oneof(fc.constant<Json>('public'), fc.constant<Json>({ access: 'public' }), fc.constant<Json>(true)),
    )
    .map(([k, v]) => Object.fromEntries([[k, v]]) as Json);

/** Any value of any type: what a field of another type receives. */
const anyValue = (): fc.Arbitrary<Json> =>
  fc.oneof(
    nastyString(),
    fc.constantFrom<Json>(null, true, false, 0, -1, 1.5, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER),
    fc.constantFrom(...HUGE_NUMBERS).map((n) => new Raw(n)),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.array(nastyString(), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.constantFrom(...PROTO_KEYS), fc.string({ maxLength: 10 })), nastyString(), { maxKeys: 4 }),
    protoObject(),
    deepNesting(),
  );

/** Values a schema accepts (roughly: the server still decides). */
function fitting(s: Schema, ids: string[], depth: number): fc.Arbitrary<Json> {
  if (s.enum) return fc.constantFrom(...(s.enum as Json[]));
  const types = (Array.isArray(s.type) ? s.type : s.type ? [s.type] : []).filter((t) => t !== 'null');
  const type = types[0];
  switch (type) {
    case 'string': {
      if (s.format === 'email') return fc.oneof(fc.emailAddress(), fc.constantFrom('admin@example.com', 'someone@example.com'));
      if (s.format === 'uuid' || s.pattern?.includes('[0-9a-fA-F]{8}')) return fc.oneof(fc.constantFrom(...ids), fc.uuid());
      if (s.pattern?.startsWith('^[a-z]{2,3}')) return fc.constantFrom('en', 'el', 'it', 'pt-BR');
      if (s.pattern?.includes('/uploads/')) return fc.constantFrom('', '/uploads/0b9f0a7e-3f64-4b8e-9a57-3b1f8f0c2d11.webp');
      const max = Math.min(s.maxLength ?? 60, 300);
      return fc.oneof(
        fc.string({ minLength: Math.min(s.minLength ?? 0, max), maxLength: max }),
        fc.constantFrom('a'.repeat(s.maxLength ?? 1), 'a'.repeat((s.maxLength ?? 0) + 1), 'a'.repeat(s.minLength ?? 0)),
        fc.constantFrom(...ids),
      );
    }
    case 'integer':
    case 'number': {
      const min = s.minimum ?? -1000;
      const max = s.maximum ?? Math.max(min, 0) + 1000;
      return fc.oneof(fc.integer({ min: Math.max(min, -1e9), max: Math.min(max, 1e9) }), fc.constantFrom(min, max, min - 1, max + 1));
    }
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(value(s.items ?? {}, ids, depth + 1), { maxLength: Math.min(s.maxItems ?? 5, 5) });
    case 'object': {
      // A free-form object (translation entries...): keys are where prototype pollution starts.
      if (!s.properties || depth > 4) {
        const key = fc.oneof(fc.constantFrom(...PROTO_KEYS, 'entries', 'app.title'), fc.string({ maxLength: 30 }));
        const text = fc.oneof(fc.constantFrom<Json>('public', 'x'), nastyString());
        return fc.oneof(
          fc.dictionary(key, fc.oneof({ weight: 3, arbitrary: text }, { weight: 1, arbitrary: anyValue() }), { maxKeys: 5 }),
          fc.dictionary(key, text, { maxKeys: 3 }).map((entries): Json => ({ entries })),
        );
      }
      const props = Object.fromEntries(Object.entries(s.properties).map(([k, p]) => [k, value(p, ids, depth + 1)]));
      return fc.record(props, { requiredKeys: (s.required ?? []).filter((k) => k in props) }) as fc.Arbitrary<Json>;
    }
    default:
      return anyValue();
  }
}

/** Mostly fitting values, often hostile ones. */
function value(s: Schema, ids: string[], depth = 0): fc.Arbitrary<Json> {
  return fc.oneof({ weight: 3, arbitrary: fitting(s, ids, depth) }, { weight: 2, arbitrary: anyValue() });
}

/** A query or path value: always text, and no longer than an HTTP request line can be (16 KiB). */
function textValue(s: Schema, ids: string[]): fc.Arbitrary<string> {
  const text = value(s, ids).map((v) => (v instanceof Raw ? v.text : typeof v === 'string' ? v : toJson(v)).slice(0, 2000));
  const numeric = s.type === 'integer' || s.type === 'number';
  return numeric ? fc.oneof({ weight: 2, arbitrary: text }, { weight: 1, arbitrary: nastyNumberText() }) : text;
}

// A lone surrogate cannot be percent-encoded as UTF-8: it travels as the (invalid) bytes of its code unit.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const enc = (s: string) => s.split(LONE_SURROGATE).map(encodeURIComponent).join('%ED%A0%80');

/** What an upload's file part holds: a picture's first bytes, random bytes, or text an import reads. */
const fileData = fc.oneof(
  fc.constant(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0])),
  fc.uint8Array({ maxLength: 200 }).map(Buffer.from),
  fc
    .constantFrom(
      'name,email\nAnna Pappa,anna@example.com\n',
      'name;email\r\n"Pappa; Anna",anna@example.com\r\n',
      '\uFEFF__proto__,constructor,name\nx,y,z\n',
      '[{"name":"Anna","__proto__":{"access":"public"}}]',
      '{"name":"Anna"}\n{"name":',
      '"unclosed,quote\n',
    )
    .map((text) => Buffer.from(text)),
);

const multipartBody = (): fc.Arbitrary<{ type: string; body: Buffer }> =>
  fc
    .tuple(
      fc.constantFrom('xyz', 'other', ''),
      fc.constantFrom('xyz', 'zzz'),
      fc.constantFrom('file', 'type', 'x'),
      fc.constantFrom('a.png', 'a.csv', 'a.json', 'a.jsonl'),
      fileData,
      fc.integer({ min: 0, max: 400 }),
      fc.boolean(),
    )
    .map(([announced, used, field, name, data, cut, close]) => {
      const head = Buffer.from(
        `--${used}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      );
      const full = Buffer.concat([head, data, Buffer.from(close ? `\r\n--${used}--\r\n` : '')]);
      return {
        type: announced ? `multipart/form-data; boundary=${announced}` : 'multipart/form-data',
        body: cut < full.length && cut % 3 === 0 ? full.subarray(0, cut) : full,
      };
    });

/** An upload's body as a client that means well sends it: the announced boundary, the field "file", closed. */
const wellFormedUpload = (): fc.Arbitrary<{ type: string; body: Buffer }> =>
  fc.tuple(fc.constantFrom('a.png', 'a.csv', 'a.json'), fileData).map(([name, data]) => ({
    type: 'multipart/form-data; boundary=xyz',
    body: Buffer.concat([
      Buffer.from(`--xyz\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n\r\n`),
      data,
      Buffer.from('\r\n--xyz--\r\n'),
    ]),
  }));

type Body = { kind: 'none' } | { kind: 'json'; text: string } | { kind: 'raw'; type: string; body: string | Buffer };

function bodyFor(op: Operation, ids: string[]): fc.Arbitrary<Body> {
  const json = (s: Schema) => value(s, ids).map((v): Body => ({ kind: 'json', text: toJson(v) }));
  const broken = fc
    .constantFrom(
      '{"a":',
      '{',
      '[1,2',
      'nul',
      '{"__proto__":{"access":"public"}}',
      '{"constructor":{"prototype":{"access":"public"}}}',
      '\u0000',
      '""',
    )
    .map((text): Body => ({ kind: 'json', text }));
  const other = fc.oneof(
    multipartBody().map((m): Body => ({ kind: 'raw', type: m.type, body: m.body })),
    fc.constantFrom<Body>(
      { kind: 'raw', type: 'text/plain', body: 'hello' },
      { kind: 'raw', type: 'application/x-www-form-urlencoded', body: 'a=1&__proto__[access]=public' },
      { kind: 'raw', type: 'application/xml', body: '<a/>' },
      { kind: 'raw', type: 'application/json; charset=utf-16', body: '{}' },
    ),
  );
  // Uploads get mostly multipart bodies, half of them well formed, so the fuzz reaches what reads the file.
  if (op.upload) {
    return fc.oneof(
      { weight: 3, arbitrary: wellFormedUpload().map((m): Body => ({ kind: 'raw', type: m.type, body: m.body })) },
      { weight: 3, arbitrary: multipartBody().map((m): Body => ({ kind: 'raw', type: m.type, body: m.body })) },
      { weight: 1, arbitrary: other },
      { weight: 1, arbitrary: broken },
    );
  }
  if (op.body) {
    return fc.oneof(
      { weight: 12, arbitrary: json(op.body) },
      { weight: 2, arbitrary: broken },
      { weight: 1, arbitrary: fc.constant<Body>({ kind: 'none' }) },
      { weight: 1, arbitrary: other },
    );
  }
  if (op.method === 'GET' || op.method === 'DELETE') {
    return fc.oneof({ weight: 8, arbitrary: fc.constant<Body>({ kind: 'none' }) }, { weight: 1, arbitrary: json({}) });
  }
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant<Body>({ kind: 'none' }) },
    { weight: 3, arbitrary: other },
    { weight: 2, arbitrary: json({}) },
    { weight: 1, arbitrary: broken },
  );
}

/** Requests for one operation; `token` is added by the runner. */
export function requestsFor(op: Operation, ids: string[]): fc.Arbitrary<FuzzRequest> {
  const pathParams = op.params.filter((p) => p.in === 'path');
  const queryParams = op.params.filter((p) => p.in === 'query');
  const pathArb = fc.tuple(...pathParams.map((p) => textValue(p.schema, ids)));
  const queryArb = fc.tuple(
    fc.tuple(...queryParams.map((p) => fc.option(textValue(p.schema, ids), { nil: undefined, freq: 2 }))),
    fc.array(
      fc.tuple(
        fc.oneof(fc.constantFrom(...PROTO_KEYS, 'page', 'limit', 'q', 'sort', 'a[b]'), fc.string({ maxLength: 8 })),
        textValue({}, ids),
      ),
      {
        maxLength: 2,
      },
    ),
  );
  return fc.tuple(pathArb, queryArb, bodyFor(op, ids)).map(([pathValues, [queryValues, extra], body]) => {
    let path = op.path;
    pathParams.forEach((p, i) => {
      path = path.replace(`{${p.name}}`, enc(pathValues[i]));
    });
    const query: string[] = [];
    queryParams.forEach((p, i) => {
      if (queryValues[i] !== undefined) query.push(`${enc(p.name)}=${enc(queryValues[i]!)}`);
    });
    for (const [k, v] of extra) query.push(`${enc(k)}=${enc(v)}`);
    const url = query.length ? `${path}?${query.join('&')}` : path;
    const headers: Record<string, string> = {};
    let payload: string | Buffer | undefined;
    if (body.kind === 'json') {
      headers['content-type'] = 'application/json';
      payload = body.text;
    } else if (body.kind === 'raw') {
      headers['content-type'] = body.type;
      payload = body.body;
    }
    const shown = payload === undefined ? '' : ` ${headers['content-type']} ${String(payload).slice(0, 300)}`;
    return { method: op.method, url, headers, payload, note: `${op.method} ${url.slice(0, 300)}${shown}` };
  });
}
