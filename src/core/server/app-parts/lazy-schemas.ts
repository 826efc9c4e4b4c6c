import { AjvCompiler } from '@fastify/ajv-compiler';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

type CompilersFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;
/** What Fastify hands a compiler: one request part's or one answer's schema. */
interface RouteSchema {
  schema: unknown;
  method: string;
  url: string;
  httpPart?: string;
}
/** What Fastify calls to validate a request part: Ajv's function, with `errors` after a failed call. */
type Validate = ((data: unknown, context?: unknown) => unknown) & { errors?: unknown; schemaEnv?: unknown };
type Serialize = (doc: unknown) => string;
type Factory<F> = (externalSchemas: unknown, options: unknown) => (route: RouteSchema) => F;

/**
 * Route schemas compiled on their route's first use instead of at start.
 * Fastify compiles a validator for every request part and a serializer for
 * every response of every route before it listens: some 11 MB of a server's
 * memory and most of its start-up, for routes a replica may never serve.
 * The compilers are Fastify's own (@fastify/ajv-compiler and
 * @fastify/fast-json-stringify-compiler, with the same options), so a request
 * is validated and an answer written exactly as by an eager compile.
 *
 * `compileAll` compiles every schema declared so far: the test suite calls it,
 * so a schema that cannot compile fails a test, not a request.
 */
export function lazySchemaCompilers(): { compilersFactory: CompilersFactory; compileAll: () => void } {
  const pending = new Set<() => unknown>();
  // The packages' own types describe every flavour of Ajv and standalone mode; Fastify uses this one.
  const validators = AjvCompiler() as unknown as Factory<Validate>;
  const serializers = SerializerSelector() as unknown as Factory<Serialize>;

  function later<T>(compile: () => T): () => T {
    let compiled: T | undefined;
    const force = (): T => {
      if (compiled === undefined) {
        compiled = compile();
        pending.delete(force);
      }
      return compiled;
    };
    pending.add(force);
    return force;
  }

  const buildValidator: Factory<Validate> = (externalSchemas, options) => {
    const compiler = validators(externalSchemas, options);
    return (route) => {
      // Given compilers of its own, Fastify stops lower-casing a headers schema's
      // names (in properties, required, allOf, propertyNames...) to match Node's
      // lower-case headers, so such a schema would quietly stop matching: refused.
      if (route.httpPart === 'headers') throw new Error(`${route.method} ${route.url}: request headers are not validated by a schema here`);
      const force = later(() => compiler(route));
      const validate: Validate = (data, context) => force()(data, context);
      // Fastify reads both before and after the call: `schemaEnv` (Ajv's own
      // functions have it) makes it pass the request as the root value's parent,
      // which coercing a root value needs; `errors` are the last call's.
      Object.defineProperties(validate, {
        schemaEnv: { get: () => force().schemaEnv },
        errors: { get: () => force().errors },
      });
      return validate;
    };
  };

  const buildSerializer: Factory<Serialize> = (externalSchemas, options) => {
    const compiler = serializers(externalSchemas, options);
    return (route) => {
      const force = later<Serialize>(() => compiler(route));
      return (doc) => force()(doc);
    };
  };

  return {
    compilersFactory: { buildValidator, buildSerializer } as unknown as CompilersFactory,
    compileAll: () => {
      for (const force of [...pending]) force();
    },
  };
}
