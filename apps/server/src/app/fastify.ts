/**
 * The Fastify instance every module registers on: logger and request ids, the zod compilers, the
 * app's error body, the plugins (rate limit, security headers, compression), the route list of the
 * OpenAPI document (openapi.ts) and the routing of websocket upgrades (ws-route.ts).
 */
import { randomUUID } from 'node:crypto';
import fastifyCompress from '@fastify/compress';
import fastifyRateLimit from '@fastify/rate-limit';
import type { ErrorCode } from '@pixel-wall/shared';
import Fastify, { type FastifyError, type FastifyReply, type FastifyServerOptions } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';
import { AppError, isNotConfigured } from '../errors.ts';
import type { App } from '../http.ts';
import { createLogThrottle } from '../lib/log-throttle.ts';
import type { Metrics } from '../lib/metrics.ts';
import type { Redis } from '../lib/redis.ts';
import { helmetOptions, staticSecurityHeaders } from '../lib/security-headers.ts';
import { BODY_TOO_SLOW } from '../lib/upload-gate.ts';
import { collectRoutes } from './openapi.ts';
import { routeUpgrades } from './ws-route.ts';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * Every schema is zod's: Fastify builds its validator and serializer from these factories, and so
 * never loads its default JSON-schema ones (ajv and fast-json-stringify: ~60 ms of the start, and
 * their heap). Fastify's types describe those factories for JSON schemas, hence the cast.
 */
const zodCompilers = {
  buildValidator: () => validatorCompiler,
  buildSerializer: () => serializerCompiler,
} as unknown as NonNullable<FastifyServerOptions['schemaController']>['compilersFactory'];
const CLIENT_FAULT_LOG_MS = 60_000;

export interface FastifyDeps {
  config: Config;
  /** pino logger options; false for none (tests) */
  logger?: boolean | object;
  /** cluster mode: the rate limits count in this Redis */
  redis: Redis | null;
  metrics: Pick<Metrics, 'http'>;
  /** the web build's index.html (its inline scripts get hashes in the CSP); null when not built */
  indexHtml: string | null;
}

export async function createFastify(deps: FastifyDeps): Promise<App> {
  const { config, redis } = deps;
  const app = Fastify({
    logger:
      deps.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.headers.cookie'],
            ...(typeof deps.logger === 'object' ? deps.logger : {}),
          },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    // A list: only these peers' X-Forwarded-* are believed (proxy-addr, as lib/proxy-trust.ts).
    trustProxy: typeof config.trustProxy === 'boolean' ? config.trustProxy : [...config.trustProxy],
    // Fastify's default is none: a client trickling a body would hold its request (and an upload's
    // share of the byte budget) for ever. Upload bodies also have a minimum rate (upload-gate.ts).
    requestTimeout: config.requestTimeoutMs,
    // The router's own refusals (a bad % escape, an over-long path parameter) in the app's format.
    frameworkErrors: (err, req, reply) => {
      const { status, code, message } = describeError(err);
      void (reply as FastifyReply).code(status).send({ error: { code, message }, requestId: req.id });
    },
    bodyLimit: 16 * 1024,
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    schemaController: { compilersFactory: zodCompilers },
  }).withTypeProvider<ZodTypeProvider>();

  // Error level (with the stack) is for our faults; what a client can cause again and again (a
  // feature this server has not configured) goes to info, once per cause (bad websocket frames:
  // ws-route.ts).
  const clientFaults = createLogThrottle({ intervalMs: CLIENT_FAULT_LOG_MS });
  app.setErrorHandler((err: FastifyError, req, reply) => {
    const { status, code, message } = describeError(err);
    if (status >= 500 && !(err instanceof AppError)) req.log.error({ err }, 'request failed');
    // A service this deploy has not configured is expected to refuse; the start said so once.
    else if (status >= 500 && !isNotConfigured(err)) {
      const route = req.routeOptions.url ?? 'unmatched';
      const admitted = clientFaults.admit(`http:${code}:${route}`);
      if (admitted) req.log.info({ code, route, status, suppressed: admitted.suppressed }, message);
    }
    const body: Record<string, unknown> = { error: { code, message }, requestId: req.id };
    if (err instanceof AppError && err.details) (body.error as Record<string, unknown>).details = err.details;
    return reply.code(status).send(body);
  });

  await app.register(fastifyRateLimit, {
    global: true,
    max: config.rateLimits.ipPerMinute,
    timeWindow: '1 minute',
    // Cluster mode: one count per IP for every instance (sign-in's stricter limit too).
    ...(redis ? { redis, nameSpace: `${config.redisPrefix}rl:ip:` } : {}),
    allowList: (req) => req.url === '/healthz' || req.url === '/readyz' || req.url === '/metrics',
    errorResponseBuilder: (_req, ctx) =>
      new AppError('RATE_LIMITED', `Too many requests. Try again in ${Math.ceil(ctx.ttl / 1000)} s.`),
  });
  const securityHeaders = staticSecurityHeaders(
    helmetOptions({ publicUrl: config.publicUrl, indexHtml: deps.indexHtml }),
  );
  app.addHook('onRequest', (_req, reply, done) => {
    for (const [name, value] of securityHeaders) reply.raw.setHeader(name, value);
    done();
  });
  // Before any route: each one is listed for /api/openapi.json.
  collectRoutes(app);
  // Upgrade requests go through the router and its hooks like any request; /ws completes them.
  routeUpgrades(app);
  // JSON lists (shop, ratings, histories) gzip to a fraction on a phone's network. Small replies,
  // such as a paint's, stay as they are; the web build is served precompressed by @fastify/static.
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['gzip', 'deflate'] });

  // Hooks with a callback, not async: every request runs them, and a promise per hook per request
  // is measurable on the paint path.
  app.addHook('onSend', (req, reply, payload, done) => {
    reply.header('X-Request-Id', req.id);
    done(null, payload);
  });

  app.addHook('onResponse', (req, reply, done) => {
    deps.metrics.http(
      req.method,
      req.routeOptions.url ?? 'unmatched',
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });
  return app;
}

/** At most 160 characters of a validation message, which may quote what the client sent. */
function clipLong(s: string): string {
  return s.length > 160 ? `${s.slice(0, 157)}...` : s;
}

/** At most 64 characters of something the client sent, for an error message. */
export function clip(s: string): string {
  return s.length > 64 ? `${s.slice(0, 61)}...` : s;
}

function describeError(err: FastifyError): { status: number; code: ErrorCode; message: string } {
  if (err instanceof AppError) return { status: err.status, code: err.code, message: err.message };
  if (hasZodFastifySchemaValidationErrors(err)) {
    const first = err.validation[0];
    const where = `${err.validationContext ?? 'request'}${first?.instancePath ? first.instancePath.replaceAll('/', '.') : ''}`;
    return {
      status: 400,
      code: 'BAD_REQUEST',
      // The message may quote the request (an unknown key): never at length.
      message: `Invalid ${where}: ${clipLong(first?.message ?? 'bad value')}`,
    };
  }
  switch (err.code) {
    case 'FST_ERR_BAD_URL':
      return { status: 400, code: 'BAD_REQUEST', message: 'The URL is malformed (a bad % escape).' };
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return { status: 414, code: 'BAD_REQUEST', message: 'A part of the URL is too long.' };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large.' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Send the body as application/json.' };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, code: 'BAD_REQUEST', message: 'The JSON body is empty.' };
    case BODY_TOO_SLOW:
      return { status: 408, code: 'BAD_REQUEST', message: err.message };
  }
  if (err instanceof SyntaxError || err.statusCode === 400) {
    return { status: 400, code: 'BAD_REQUEST', message: 'The request is malformed.' };
  }
  if (err.statusCode === 429) return { status: 429, code: 'RATE_LIMITED', message: 'Too many requests.' };
  // Other client errors of the framework: their messages may quote the request, so not echoed.
  if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
    return { status: err.statusCode, code: 'BAD_REQUEST', message: 'The request was refused.' };
  }
  return { status: 500, code: 'INTERNAL', message: 'Something went wrong on our side.' };
}
