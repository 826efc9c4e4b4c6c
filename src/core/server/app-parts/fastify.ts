import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { requestId } from '../ops/request-id';
import { redactUrl } from '../http/redact-url';
import { serializeError } from '../http/log-error';
import { trustProxyOption } from '../http/trust-proxy';
import type { BuildOptions } from '../app';
import { lazySchemaCompilers } from './lazy-schemas';

/** The Fastify instance with the product's logging, limits, proxy trust and validation settings. */
export function createFastify(config: Config, opts: BuildOptions): FastifyInstance {
  const schemas = lazySchemaCompilers();
  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : {
            level: config.logLevel,
            ...(opts.logStream ? { stream: opts.logStream } : {}),
            redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
            serializers: {
              req: (req: { method: string; url: string; ip?: string }) => ({ method: req.method, url: redactUrl(req.url), ip: req.ip }),
              // Failed queries without their values (hashes, tokens): see serializeError.
              err: (err: Error) => serializeError(err),
            },
          },
    bodyLimit: 1024 * 1024,
    genReqId: requestId,
    trustProxy: trustProxyOption(config.trustProxy),
    routerOptions: { ignoreTrailingSlash: true },
    // strictNumbers: NaN and Infinity (JSON's 1e309) are not numbers to a schema.
    ajv: { customOptions: { allErrors: true, removeAdditional: true, coerceTypes: 'array', useDefaults: true, strictNumbers: true } },
    schemaController: { compilersFactory: schemas.compilersFactory },
  });
  app.decorate('compileSchemas', schemas.compileAll);
  if (opts.serializeWithoutSchemas) app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  return app;
}
