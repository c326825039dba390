/**
 * Security headers (helmet) with a Content Security Policy fitted to the built web app:
 * - scripts: our own files, the inline scripts of the built index.html by their SHA-256, and
 *   Telegram's Login Widget (https://telegram.org) whose button is an iframe of oauth.telegram.org;
 * - styles: our own plus inline ones (index.html's splash style; TON Connect UI injects its styles);
 * - images: our own, data: and blob: URLs, and any https image (Telegram avatars, the wallet
 *   icons of TON Connect's list);
 * - connections: our own origin (API and websocket) and any https endpoint: TON Connect reads its
 *   wallets list and talks to each wallet's HTTP bridge, which the live list names, and toncenter;
 * - framing: only our own pages and Telegram's web clients, which show the Mini App in an iframe.
 *   `frame-ancestors` governs framing, so X-Frame-Options (which cannot name Telegram) is not sent.
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import helmet, { type HelmetOptions } from 'helmet';

/** Telegram's web clients (web.telegram.org/k and /a, and their older webk/webz addresses). */
export const TELEGRAM_FRAME_ANCESTORS = [
  'https://web.telegram.org',
  'https://*.web.telegram.org',
  'https://webk.telegram.org',
  'https://webz.telegram.org',
] as const;

const EMPTY_HANDLER = `'sha256-${createHash('sha256').update('').digest('base64')}'`;
const LOGIN_WIDGET_SCRIPT = 'https://telegram.org';
const LOGIN_WIDGET_FRAME = 'https://oauth.telegram.org';

/** `'sha256-…'` sources for every inline `<script>` (no src) of an HTML page. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attributes = '', body = ''] = match;
    if (/\bsrc\s*=/i.test(attributes)) continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return [...new Set(hashes)];
}

export interface SecurityHeaderOptions {
  /** the deploy's public URL; its websocket origin is named and https upgrades insecure requests */
  publicUrl: string | null;
  /** the built index.html, whose inline scripts are allowed by hash; null when not built */
  indexHtml: string | null;
}

export function helmetOptions(opts: SecurityHeaderOptions): HelmetOptions {
  const publicUrl = opts.publicUrl ? new URL(opts.publicUrl) : null;
  const connect = ["'self'", 'https:'];
  // CSP3 lets 'self' cover the same host's ws:/wss:, older WebKit does not: name it when known.
  if (publicUrl) connect.push(`${publicUrl.protocol === 'https:' ? 'wss:' : 'ws:'}//${publicUrl.host}`);
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': [
      "'self'",
      ...(opts.indexHtml ? inlineScriptHashes(opts.indexHtml) : []),
      LOGIN_WIDGET_SCRIPT,
    ],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': connect,
    'frame-src': [LOGIN_WIDGET_FRAME],
    'frame-ancestors': ["'self'", ...TELEGRAM_FRAME_ANCESTORS],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    // No inline event handlers, but the one empty handler TON Connect UI sets on <body>
    // (`ontouchstart=""`, so iOS shows :active styles), allowed by the hash of the empty string.
    'script-src-attr': ["'unsafe-hashes'", EMPTY_HANDLER],
  };
  // Over plain http (a local run) an upgrade would send the page's own requests to https.
  if (publicUrl?.protocol === 'https:') directives['upgrade-insecure-requests'] = [];
  return {
    contentSecurityPolicy: { useDefaults: false, directives },
    // frame-ancestors decides who may frame us; X-Frame-Options could only say DENY or SAMEORIGIN.
    frameguard: false,
    // The Login Widget's popup answers its opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    // Other sites may not embed our responses; the TON Connect manifest and icon say otherwise.
    crossOriginResourcePolicy: { policy: 'same-site' },
    strictTransportSecurity: publicUrl?.protocol === 'https:' ? { maxAge: 31_536_000 } : false,
  };
}

/**
 * The headers helmet sets for these options, worked out once: helmet's middleware writes them onto
 * a real (unsent) response here, and every reply then gets the same name/value pairs. None of them
 * depends on the request (no nonces), and @fastify/helmet 13 calls `helmet(options)` again for each
 * request, parsing the whole policy each time: 8.6 % of the main thread's time under the HTTP paint
 * load (BENCHMARKS.md, "The HTTP paint path, per request").
 */
export function staticSecurityHeaders(options: HelmetOptions): ReadonlyArray<readonly [string, string]> {
  const res = new http.ServerResponse(new http.IncomingMessage(new net.Socket()));
  let passed = false;
  helmet(options)(res.req, res, (err?: unknown) => {
    if (err) throw err;
    passed = true;
  });
  if (!passed) throw new Error('helmet did not finish synchronously');
  return Object.entries(res.getHeaders()).map(([name, value]) => [name, String(value)] as const);
}
