type JsonSchema = { properties?: Record<string, { default?: unknown }>; required?: string[] };

/** An object schema whose properties with a default are not required: the validator fills them in. */
function withoutDefaultsRequired<S>(schema: S): S {
  const s = schema as JsonSchema | undefined;
  if (!s?.properties || !s.required) return schema;
  const properties = s.properties;
  const required = s.required.filter((name) => !(Object.hasOwn(properties, name) && properties[name]?.default !== undefined));
  return { ...s, required } as S;
}

/**
 * An upload's body as the document shows it. Upload routes read their
 * multipart parts themselves and declare no body to validate, so without
 * this the document said nothing of what to send.
 */
const UPLOAD_BODY = {
  type: 'object',
  required: ['file'],
  properties: { file: { type: 'string', format: 'binary', description: 'The file, in a part named "file".' } },
};

/**
 * A route's schema as the OpenAPI document shows it: a query or body
 * property with a default (`?page=`, `?limit=`) is optional for a client,
 * because validation supplies it; a generated client must not demand it.
 * A multipart route without a body schema gets its file part.
 */
export function documentedSchema<S extends { querystring?: unknown; body?: unknown; consumes?: readonly string[] } | undefined>(
  schema: S,
): S {
  if (!schema) return schema;
  const out = { ...schema };
  if (out.querystring) out.querystring = withoutDefaultsRequired(out.querystring);
  if (out.body) out.body = withoutDefaultsRequired(out.body);
  else if (out.consumes?.includes('multipart/form-data')) out.body = UPLOAD_BODY;
  return out;
}
