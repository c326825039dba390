/**
 * The websocket route: a socket with no token watches the wall; one with a websocket token (from
 * /users/me) is its player's, unless they are banned. The hub owns every socket from there on.
 *
 * An upgrade of `/ws` is taken straight off the HTTP server: the per-address rate limit (the same
 * count as every route's), then `ws`'s handshake. No Fastify request, reply or logger is made for
 * it, and nothing of the upgrade request outlives it, so an idle socket costs its `ws` connection
 * and the hub's record, no more (BENCHMARKS.md, "Memory per socket"). Any other upgrade goes
 * through Fastify's router like a request (a 404, a 429, a 503 while closing), and the connection
 * ends after the reply; the /ws route completes an upgrade that reaches it that way too.
 */
import { randomUUID } from 'node:crypto';
import { type IncomingMessage, ServerResponse, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { CloseCode } from '@pixel-wall/shared';
import type { FastifyRequest } from 'fastify';
import { type WebSocket, WebSocketServer } from 'ws';
import type { App } from '../http.ts';
import { createLogThrottle } from '../lib/log-throttle.ts';
import { createProxyTrust, type TrustProxy } from '../lib/proxy-trust.ts';
import type { TokenService } from '../modules/auth/tokens.ts';
import type { UsersService } from '../modules/users/service.ts';
import type { Hub } from '../realtime/hub.ts';
import type { ServerModule } from './module.ts';

/** The largest frame a client may send (an RPC is a few bytes); larger ones close with 1009. */
export const WS_MAX_PAYLOAD = 1024;

const kUpgrade = Symbol('pixel-wall.upgrade');

interface PendingUpgrade {
  socket: Duplex;
  head: Buffer;
}

type UpgradeRequest = IncomingMessage & { [kUpgrade]?: PendingUpgrade };

/** Errors logged at most once a minute per cause. */
const CLIENT_FAULT_LOG_MS = 60_000;

/** Node removes its own error listener before 'upgrade'; until `ws` owns the socket, an error ends it. */
function destroyOnError(this: Duplex): void {
  this.destroy();
}

/** Takes the upgrades of `/ws` off the HTTP server (the websocket module sets it). */
type DirectUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => void;
const kDirect = Symbol('pixel-wall.direct-upgrade');
type UpgradingApp = App & { [kDirect]?: DirectUpgrade };

/** `/ws` and `/ws?…`, as the router would match them. */
function isWsPath(url: string | undefined): boolean {
  return url?.startsWith('/ws') === true && (url.length === 3 || url[3] === '?');
}

/**
 * Routes upgrade requests (fastify.ts calls this once): `/ws` to the websocket module directly,
 * any other through Fastify's router. A route that answers over HTTP ends the connection after
 * its reply.
 */
export function routeUpgrades(app: App): void {
  app.server.on('upgrade', (req: UpgradeRequest, socket: Duplex, head: Buffer) => {
    socket.on('error', destroyOnError);
    const direct = (app as UpgradingApp)[kDirect];
    if (direct && isWsPath(req.url)) {
      direct(req, socket, head);
      return;
    }
    req[kUpgrade] = { socket, head };
    const res = new ServerResponse(req);
    try {
      res.assignSocket(socket as Socket);
      app.routing(req, res);
    } catch (err) {
      app.log.warn({ err }, 'websocket upgrade failed');
      socket.destroy();
    }
  });
  // A callback, not async: it runs after every request, and most are not upgrades.
  app.addHook('onResponse', (req, _reply, done) => {
    const raw = req.raw as UpgradeRequest;
    const pending = raw[kUpgrade];
    if (pending) {
      delete raw[kUpgrade];
      // The reply is written; the connection was never going to carry HTTP again.
      pending.socket.end(() => pending.socket.destroy());
    }
    done();
  });
}

/** An HTTP refusal of an upgrade, in the app's error format, written on the bare socket. */
function refuse(socket: Duplex, status: number, code: string, message: string, headers = ''): void {
  const body = JSON.stringify({ error: { code, message }, requestId: randomUUID() });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\n` +
      `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      `${headers}\r\n${body}`,
    () => socket.destroy(),
  );
}

/** The `token` query parameter of `/ws?…`; none (a guest) when absent, empty or given twice. */
export function tokenOf(url: string): string | null {
  const q = url.indexOf('?');
  if (q < 0) return null;
  const all = new URLSearchParams(url.slice(q + 1)).getAll('token');
  return all.length === 1 && all[0] !== '' ? all[0]! : null;
}

/** The socket of an upgrade request, taken over by the caller (the response is detached from it). */
function takeUpgrade(raw: UpgradeRequest, res: ServerResponse): PendingUpgrade | null {
  const pending = raw[kUpgrade];
  if (!pending) return null;
  delete raw[kUpgrade];
  // assignSocket made the socket hold the response (and, through it, the request): let them go.
  res.detachSocket(pending.socket as Socket);
  pending.socket.removeListener('error', destroyOnError);
  return pending;
}

export interface WsDeps {
  hub: Pick<Hub, 'attach'>;
  tokens: Pick<TokenService, 'verifyWebsocketToken'>;
  users: Pick<UsersService, 'profile'>;
  /** TRUST_PROXY: which peers' X-Forwarded-For names the client (as for Fastify's req.ip) */
  trustProxy: TrustProxy;
}

export function createWsModule({ hub, tokens, users, trustProxy }: WsDeps): ServerModule {
  // One server for every upgrade: no client list of its own (the hub holds the sockets), no
  // compression context per socket (the frames are binary and mostly deflated already).
  const wss = new WebSocketServer({
    noServer: true,
    clientTracking: false,
    perMessageDeflate: false,
    maxPayload: WS_MAX_PAYLOAD,
  });

  let log: App['log'] | null = null;
  const proxies = createProxyTrust(trustProxy);
  const clientFaults = createLogThrottle({ intervalMs: CLIENT_FAULT_LOG_MS });

  // Shared by every socket (no closure per socket). ws's protocol errors (an oversize or malformed
  // frame, WS_ERR_*) and dropped connections are the client's: below error level, once per cause.
  function onSocketError(this: WebSocket, err: Error): void {
    this.terminate();
    const code = (err as NodeJS.ErrnoException).code ?? '';
    if (!/^(WS_ERR_|ECONNRESET$|EPIPE$)/.test(code)) {
      log?.error({ err }, 'websocket failed');
      return;
    }
    const admitted = clientFaults.admit(`ws:${code}`);
    if (admitted) log?.debug({ code, suppressed: admitted.suppressed }, `websocket closed: ${err.message}`);
  }

  function upgrade(req: IncomingMessage, socket: Duplex, head: Buffer, token: string | null): void {
    // A bad handshake (no key, a wrong version) is answered 400 by ws, which ends the socket.
    wss.handleUpgrade(req, socket, head, (ws) => {
      admit(ws, token).catch((err: unknown) => {
        ws.terminate();
        log?.error({ err }, 'websocket handler failed');
      });
    });
  }

  async function admit(ws: WebSocket, token: string | null): Promise<void> {
    ws.on('error', onSocketError);
    if (token === null) {
      hub.attach(ws, { userId: null });
      return;
    }
    const userId = token.length < 1024 ? tokens.verifyWebsocketToken(token) : null;
    if (userId === null) {
      ws.close(CloseCode.Unauthorized, 'invalid token');
      return;
    }
    const profile = await users.profile(userId);
    if (!profile || profile.banned) {
      ws.close(profile ? CloseCode.Banned : CloseCode.Unauthorized, profile ? 'banned' : 'unknown player');
      return;
    }
    hub.attach(ws, { userId });
  }

  return {
    name: 'websocket',
    register(app) {
      log = app.log;
      // The same per-address count as every route's (fastify.ts), without a Fastify request.
      const limit = app.createRateLimit();
      (app as UpgradingApp)[kDirect] = (req, socket, head) => {
        const url = req.url ?? '/ws';
        const ip = proxies.clientIp(req);
        limit({ ip, url, routeOptions: { config: {} } } as unknown as FastifyRequest).then(
          (verdict) => {
            if (!verdict.isAllowed && verdict.isExceeded) {
              const wait = verdict.ttlInSeconds;
              refuse(
                socket,
                429,
                'RATE_LIMITED',
                `Too many requests. Try again in ${wait} s.`,
                `Retry-After: ${wait}\r\n`,
              );
              return;
            }
            socket.removeListener('error', destroyOnError);
            upgrade(req, socket, head, tokenOf(url));
          },
          (err: unknown) => {
            log?.error({ err }, 'websocket upgrade failed');
            refuse(socket, 500, 'INTERNAL', 'Something went wrong on our side.');
          },
        );
      };
      app.route({
        method: 'GET',
        url: '/ws',
        config: { auth: 'none' },
        handler: async (req, reply) => {
          const pending = takeUpgrade(req.raw, reply.raw);
          // A plain GET (no Upgrade: websocket) gets the app's error format, not an empty 404.
          if (!pending) {
            return reply
              .code(426)
              .header('Upgrade', 'websocket')
              .send({
                error: { code: 'BAD_REQUEST', message: 'This address takes websocket connections only.' },
                requestId: req.id,
              });
          }
          const given = (req.query as Record<string, unknown>).token;
          const token = typeof given === 'string' && given !== '' ? given : null;
          reply.hijack();
          upgrade(req.raw, pending.socket, pending.head, token);
        },
      });
    },
  };
}
