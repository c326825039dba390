/**
 * The published HTTP API, for the players who write overlays, bots and archivers: an OpenAPI 3.1
 * document at /api/openapi.json and a reference page at /api/docs.
 *
 * fastify.ts lists every route as it is added (collectRoutes); on the first request for either
 * address, @fastify/swagger builds the document from that list, with the zod type provider's
 * transform turning the routes' zod schemas into JSON Schema: the document is made from the same
 * schemas that validate the requests and shape the replies, and cannot drift from them. Published
 * are the routes under API_PREFIX, but for the few in UNPUBLISHED. The reference page is plain
 * HTML rendered here from the document, once: no script and no UI bundle, so it stays under the
 * app's Content-Security-Policy (lib/security-headers.ts) as it is.
 *
 * @fastify/swagger (with the YAML library it loads) is imported then, not at the start: loading
 * it takes tens of milliseconds of CPU that every start would pay for a page few deploys serve.
 *
 * The websocket (/ws) is no HTTP operation: the page names its frames and close codes from the
 * wire's own constants, and docs/WEBSOCKET.md describes the protocol in full.
 */
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { API_PREFIX, CloseCode, ERROR_CODES, FrameType, RpcType } from '@pixel-wall/shared';
import Fastify, { type FastifySchema, type HTTPMethods } from 'fastify';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import type { App, AuthMode, StaffRole } from '../http.ts';
import type { ServerModule } from './module.ts';

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PATH = '/api/docs';
/** The API's version, as its prefix names it (`/api/v1`: 1). */
const API_VERSION = API_PREFIX.slice(API_PREFIX.lastIndexOf('/') + 1).replace(/^v/, '');

/**
 * Routes under API_PREFIX left out of the document, each with the reason. Nothing else is: a
 * staff route is published too (with the role it asks for), since its schema says nothing a
 * moderator's tool should not know and the role check, not obscurity, guards it.
 */
export const UNPUBLISHED: ReadonlyMap<string, string> = new Map([
  [
    `POST ${API_PREFIX}/telegram/webhook`,
    "Telegram's Bot API calls it, with the deploy's webhook secret; no player or tool does.",
  ],
]);

/** Whether the route `method url` (Fastify's syntax, `:param`) is in the document. */
export function isPublished(method: string, url: string): boolean {
  return url.startsWith(`${API_PREFIX}/`) && !UNPUBLISHED.has(`${method} ${url}`);
}

/** `:param` and `:param(regex)` of a Fastify path as OpenAPI's `{param}`. */
export function openApiPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)(\((?:[^()]|\([^()]*\))*\))?/g, '{$1}');
}

/** The document's tag of a route: the first segment after API_PREFIX (`/api/v1/users/me`: users). */
export function tagOf(url: string): string {
  return url.slice(API_PREFIX.length + 1).split('/')[0] || 'api';
}

/** A unique, generator-friendly id: `GET /api/v1/users/{id}/profile` → `getUsersIdProfile`. */
export function operationIdOf(method: string, url: string): string {
  const words = openApiPath(url)
    .slice(API_PREFIX.length)
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return method.toLowerCase() + words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
}

const SIGN_IN = [{ bearer: [] }, { initData: [] }];
const SIGN_IN_TEXT: Record<AuthMode, string> = {
  required: 'Sign-in: required.',
  optional: 'Sign-in: optional (a signed-in caller may get more).',
  none: 'Sign-in: none.',
};

const ERROR_BODY = {
  type: 'object',
  required: ['error', 'requestId'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        code: { type: 'string', enum: [...ERROR_CODES] },
        message: { type: 'string', description: 'for people: may change; match on `code`' },
        details: { type: 'object', additionalProperties: true },
      },
    },
    requestId: { type: 'string', description: 'also in the X-Request-Id header' },
  },
} as const;

const DESCRIPTION = [
  'The HTTP API of Pixel Wall, for overlays, bots and archivers: every route the web app uses.',
  `Sign in with POST ${API_PREFIX}/auth/telegram (a Mini App's initData), ${API_PREFIX}/auth/telegram/widget ` +
    `(the Login Widget) or ${API_PREFIX}/auth/dev (local deploys with DEV_SIGN_IN), then send ` +
    `\`Authorization: Bearer <token>\`; refresh it with ${API_PREFIX}/auth/telegram/refresh.`,
  'Every error is `{ "error": { "code", "message" }, "requestId" }` with a stable `code`. Requests are ' +
    'limited per address (429 with Retry-After), paints per player (charges and a per-second limit).',
  `The canvas: GET ${API_PREFIX}/image/canvas (webp, or format=raw for deflate-raw palette indices, ` +
    'with its sequence number in X-Canvas-Seq), then the websocket /ws for every change after it ' +
    '(docs/WEBSOCKET.md: frames, sequence numbers, gap recovery).',
].join('\n\n');

/** What @fastify/swagger calls a response it was given no description for. */
const SWAGGER_DEFAULT_DESCRIPTION = 'Default Response';
const NO_SCHEMA_DESCRIPTION =
  'Success. The body has no published schema: an image or raw bytes (see Content-Type), or JSON.';

interface RouteInfo {
  method: string | string[];
  url: string;
  config?: { auth?: AuthMode; role?: StaffRole; rateLimit?: { max?: unknown; timeWindow?: unknown } };
}

/** A route as the document needs it: what Fastify's onRoute hook saw. */
export interface CollectedRoute {
  method: HTTPMethods | HTTPMethods[];
  url: string;
  schema?: FastifySchema;
  config?: unknown;
}

const kRoutes = Symbol('pixel-wall.openapi-routes');
type CollectingApp = App & { [kRoutes]?: CollectedRoute[] };

/**
 * Lists every route added to `app` from now on (fastify.ts calls it before any is), for the
 * document; HEAD routes, which Fastify adds beside each GET, are left out.
 */
export function collectRoutes(app: App): void {
  const routes: CollectedRoute[] = [];
  (app as CollectingApp)[kRoutes] = routes;
  app.addHook('onRoute', (route) => {
    if (route.method === 'HEAD') return;
    routes.push({ method: route.method, url: route.url, schema: route.schema, config: route.config });
  });
}

/**
 * The OpenAPI document of `routes`: @fastify/swagger and the zod transform run on an instance of
 * their own, which is given the routes' declarations (their handlers never run) and then closed.
 */
export async function buildOpenApiDocument(
  routes: readonly CollectedRoute[],
  opts: { publicUrl: string | null },
): Promise<OpenApiDocument> {
  const { default: fastifySwagger } = await import('@fastify/swagger');
  const doc = Fastify({ logger: false });
  // Nothing is validated or serialized here: the schemas are read, never compiled.
  doc.setValidatorCompiler(() => () => true);
  doc.setSerializerCompiler(() => (data) => JSON.stringify(data));
  try {
    await doc.register(fastifySwagger, openApiOptions(opts));
    for (const r of routes) {
      doc.route({
        method: r.method,
        url: r.url,
        ...(r.schema ? { schema: r.schema } : {}),
        ...(r.config ? { config: r.config } : {}),
        handler: async () => null,
      });
    }
    await doc.ready();
    return doc.swagger() as unknown as OpenApiDocument;
  } finally {
    await doc.close();
  }
}

/** The options of @fastify/swagger. */
export function openApiOptions(opts: { publicUrl: string | null }): FastifyDynamicSwaggerOptions {
  const zodTransform = createJsonSchemaTransform({ skipList: [] });
  return {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Pixel Wall API', version: API_VERSION, description: DESCRIPTION },
      ...(opts.publicUrl ? { servers: [{ url: opts.publicUrl.replace(/\/$/, '') }] } : {}),
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description: `The token of a sign-in (POST ${API_PREFIX}/auth/…).`,
          },
          initData: {
            type: 'apiKey',
            in: 'header',
            name: 'Authorization',
            description:
              "`initData <Telegram.WebApp.initData>`: a Mini App's launch data, signed by Telegram.",
          },
        },
      },
    },
    // The paths as the routes spell them: /api/v1 stays in every one whatever PUBLIC_URL is.
    stripBasePath: false,
    transform(input) {
      const route = input.route as unknown as RouteInfo;
      const method = Array.isArray(route.method) ? route.method[0]! : route.method;
      if (!isPublished(method, input.url)) return { schema: { hide: true }, url: input.url };
      const { schema } = zodTransform(input);
      const auth = route.config?.auth ?? 'none';
      const notes = [SIGN_IN_TEXT[auth]];
      if (route.config?.role) notes.push(`Staff: the caller must be a ${route.config.role} or higher.`);
      const limit = route.config?.rateLimit;
      if (limit?.max)
        notes.push(`Rate limit: ${String(limit.max)} per ${String(limit.timeWindow)} per address.`);
      return {
        url: input.url,
        schema: {
          ...schema,
          tags: [tagOf(input.url)],
          operationId: operationIdOf(method, input.url),
          description: notes.join(' '),
          security: auth === 'required' ? SIGN_IN : auth === 'optional' ? [{}, ...SIGN_IN] : [],
          ...(route.config?.role ? { 'x-role': route.config.role } : {}),
        },
      };
    },
    // Every operation may answer with the app's error body; the tags in a stable order.
    transformObject(input) {
      if (!('openapiObject' in input)) throw new Error('OpenAPI 2 is not published');
      const doc = input.openapiObject as OpenApiDocument;
      const tags = new Set<string>();
      for (const item of Object.values(doc.paths ?? {})) {
        for (const op of Object.values(item)) {
          for (const tag of op.tags ?? []) tags.add(tag);
          for (const r of Object.values(op.responses ?? {})) {
            if (r.description !== SWAGGER_DEFAULT_DESCRIPTION) continue;
            r.description = r.content ? 'Success' : NO_SCHEMA_DESCRIPTION;
          }
          op.responses = { ...op.responses, default: { $ref: '#/components/responses/Error' } };
        }
      }
      return {
        ...doc,
        tags: [...tags].sort().map((name) => ({ name })),
        components: {
          ...doc.components,
          schemas: { ...doc.components?.schemas, ErrorBody: ERROR_BODY },
          responses: {
            Error: {
              description: 'The app error body: a 4xx for the caller, a 5xx for the server',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
            },
          },
        },
      } satisfies OpenApiDocument as unknown as typeof input.openapiObject;
    },
  };
}

// ---------- the document as the reference page reads it ----------

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: unknown;
}

interface MediaTypes {
  [type: string]: { schema?: unknown };
}

interface Operation {
  tags?: string[];
  operationId?: string;
  description?: string;
  security?: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { content?: MediaTypes };
  responses?: Record<string, { description?: string; content?: MediaTypes; $ref?: string }>;
}

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string };
  tags?: { name: string }[];
  paths?: Record<string, Record<string, Operation>>;
  components?: {
    schemas?: Record<string, unknown>;
    securitySchemes?: Record<string, { description?: string }>;
    responses?: Record<string, unknown>;
  };
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/** `text` with `code` spans, escaped. */
function prose(text: string): string {
  return escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');
}

function schemaBlock(schema: unknown): string {
  return `<pre>${escapeHtml(JSON.stringify(schema, null, 2))}</pre>`;
}

function content(media: MediaTypes | undefined): string {
  if (!media) return '';
  return Object.entries(media)
    .map(([type, m]) => `<p class="type">${escapeHtml(type)}</p>${m.schema ? schemaBlock(m.schema) : ''}`)
    .join('');
}

function renderOperation(method: string, path: string, op: Operation): string {
  const id = escapeHtml(op.operationId ?? `${method}-${path}`);
  const signIn = op.security?.length
    ? op.security.some((s) => Object.keys(s).length === 0)
      ? 'optional'
      : 'required'
    : 'none';
  const parts = [
    `<details id="${id}"><summary><span class="method ${escapeHtml(method)}">${escapeHtml(method.toUpperCase())}</span>`,
    `<code>${escapeHtml(path)}</code><span class="auth ${signIn}">sign-in: ${signIn}</span></summary>`,
  ];
  if (op.description) parts.push(`<p>${prose(op.description)}</p>`);
  if (op.parameters?.length) {
    parts.push('<h4>Parameters</h4><table><tr><th>name</th><th>in</th><th>required</th><th>schema</th></tr>');
    for (const p of op.parameters) {
      parts.push(
        `<tr><td><code>${escapeHtml(p.name)}</code></td><td>${escapeHtml(p.in)}</td>` +
          `<td>${p.required ? 'yes' : 'no'}</td><td><code>${escapeHtml(JSON.stringify(p.schema ?? {}))}</code></td></tr>`,
      );
    }
    parts.push('</table>');
  }
  if (op.requestBody?.content) parts.push(`<h4>Request body</h4>${content(op.requestBody.content)}`);
  parts.push('<h4>Responses</h4>');
  for (const [status, r] of Object.entries(op.responses ?? {})) {
    const text = r.$ref ? 'the app error body (below)' : (r.description ?? '');
    parts.push(`<p><b>${escapeHtml(status)}</b> ${escapeHtml(text)}</p>${content(r.content)}`);
  }
  parts.push('</details>');
  return parts.join('\n');
}

function table(title: string, rows: Record<string, number>): string {
  const body = Object.entries(rows)
    .map(([name, value]) => `<tr><td>${escapeHtml(name)}</td><td><code>${value}</code></td></tr>`)
    .join('');
  return `<table><tr><th>${escapeHtml(title)}</th><th>value</th></tr>${body}</table>`;
}

const STYLE = `
body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:0 auto;padding:1rem;color:#1d1d1f;background:#fff}
@media (prefers-color-scheme:dark){body{color:#e8e8ea;background:#16161a}pre,code{background:#24242a}}
pre,code{font:13px/1.4 ui-monospace,monospace;background:#f3f3f5;border-radius:4px}
code{padding:0 .25em}pre{padding:.5rem;overflow:auto;max-height:28rem}
details{border-top:1px solid #8884;padding:.35rem 0}summary{cursor:pointer;display:flex;gap:.6rem;align-items:baseline;flex-wrap:wrap}
.method{font:700 12px ui-monospace,monospace;min-width:4rem;text-transform:uppercase}
.get{color:#1a7f37}.post{color:#0969da}.put{color:#9a6700}.delete{color:#cf222e}.patch{color:#8250df}
.auth{font-size:12px;opacity:.7}.type{margin:.2rem 0;font-size:12px;opacity:.7}
table{border-collapse:collapse;margin:.4rem 0}td,th{border:1px solid #8884;padding:.15rem .5rem;text-align:left;vertical-align:top}
h2{margin-top:2rem}nav a{margin-right:.8rem}`;

/** The reference page: every operation of `doc`, grouped by tag, with its parameters and schemas. */
export function renderDocsPage(doc: OpenApiDocument): string {
  const byTag = new Map<string, string[]>();
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(item)) {
      const tag = op.tags?.[0] ?? 'api';
      const list = byTag.get(tag) ?? [];
      list.push(renderOperation(method, path, op));
      byTag.set(tag, list);
    }
  }
  const tags = [...byTag.keys()].sort();
  const schemes = Object.entries(doc.components?.securitySchemes ?? {})
    .map(([name, s]) => `<li><b>${escapeHtml(name)}</b>: ${prose(s.description ?? '')}</li>`)
    .join('');
  const intro = (doc.info.description ?? '')
    .split('\n\n')
    .map((p) => `<p>${prose(p)}</p>`)
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(doc.info.title)} reference</title>
<style>${STYLE}</style>
</head>
<body>
<h1>${escapeHtml(doc.info.title)} <small>v${escapeHtml(doc.info.version)}</small></h1>
${intro}
<p>The machine-readable document: <a href="${OPENAPI_PATH}">${OPENAPI_PATH}</a> (OpenAPI ${escapeHtml(doc.openapi)}),
for code generators and API clients.</p>
<nav>${tags.map((t) => `<a href="#tag-${escapeHtml(t)}">${escapeHtml(t)}</a>`).join(' ')} <a href="#websocket">websocket</a> <a href="#errors">errors</a></nav>
<h2 id="sign-in">Sign-in</h2>
<ul>${schemes}</ul>
${tags.map((t) => `<h2 id="tag-${escapeHtml(t)}">${escapeHtml(t)}</h2>\n${byTag.get(t)!.join('\n')}`).join('\n')}
<h2 id="websocket">Websocket</h2>
<p>Connect to <code>/ws</code> (a watcher) or <code>/ws?token=&lt;websocketToken of GET ${API_PREFIX}/users/me&gt;</code>
(a player, who may paint through it). Every frame is binary and starts with its type byte; integers are
little-endian. The byte layouts, the sequence numbers of PIXELS frames and how a client recovers from a gap
(the HELLO, then a snapshot at least that new, then the frames after it) are in <code>docs/WEBSOCKET.md</code>
of the source repository.</p>
${table('server → client frame', FrameType)}
${table('client → server call', RpcType)}
${table('close code', CloseCode)}
<h2 id="errors">Errors</h2>
<p>Any operation may answer with this body and a 4xx or 5xx status:</p>
${schemaBlock(doc.components?.schemas?.ErrorBody ?? {})}
</body>
</html>
`;
}

/** The two answers, made once from the document. */
interface Published {
  json: string;
  html: string;
}

/**
 * GET /api/openapi.json and GET /api/docs, both made on the first request for either (the app is
 * ready then: every route is listed) and kept. A failed build is tried again by the next request.
 */
export function createOpenApiModule(opts: { publicUrl: string | null }): ServerModule {
  return {
    name: 'openapi',
    register(app) {
      const routes = (app as CollectingApp)[kRoutes];
      if (!routes) throw new Error('openapi: collectRoutes(app) must run before the routes are added');
      let published: Promise<Published> | null = null;
      const publish = (): Promise<Published> => {
        published ??= buildOpenApiDocument(routes, opts).then(
          (doc) => ({ json: JSON.stringify(doc), html: renderDocsPage(doc) }),
          (err: unknown) => {
            published = null;
            throw err;
          },
        );
        return published;
      };
      const cache = 'public, max-age=300';
      app.get(OPENAPI_PATH, { config: { auth: 'none' } }, async (_req, reply) => {
        const { json } = await publish();
        return reply.type('application/json; charset=utf-8').header('Cache-Control', cache).send(json);
      });
      app.get(DOCS_PATH, { config: { auth: 'none' } }, async (_req, reply) => {
        const { html } = await publish();
        return reply.type('text/html; charset=utf-8').header('Cache-Control', cache).send(html);
      });
    },
  };
}
