/**
 * The web app: the build under WEB_DIST served with @fastify/static, and the not-found handler
 * (index.html for a page of the app, the app's error body for the API).
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import { API_PREFIX } from '@pixel-wall/shared';
import type { Config } from '../config.ts';
import { AppError } from '../errors.ts';
import { TONCONNECT_ICON_PATH } from '../modules/ton/manifest.ts';
import { clip } from './fastify.ts';
import type { ServerModule } from './module.ts';

// apps/web/dist, from this file in src/app/ or from the bundle it is compiled into
// (apps/server/dist/main.js, one folder less deep).
const COMPILED = import.meta.url.endsWith('.js');
const DEFAULT_WEB_DIST = fileURLToPath(
  new URL(COMPILED ? '../../web/dist/' : '../../../web/dist/', import.meta.url),
);

export interface WebBuild {
  root: string;
  /** null when the web app is not built */
  indexHtml: string | null;
}

export function readWebBuild(config: Pick<Config, 'webDist'>): WebBuild {
  const root = config.webDist ?? DEFAULT_WEB_DIST;
  const file = `${root}/index.html`;
  return { root, indexHtml: fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null };
}

/** Last in the list: its not-found handler answers whatever no module's route did. */
export function createWebModule(web: WebBuild): ServerModule {
  const hasWeb = web.indexHtml !== null;
  return {
    name: 'web',
    async register(app) {
      if (hasWeb) {
        await app.register(fastifyStatic, {
          root: web.root,
          wildcard: false,
          // Served by the server from PUBLIC_URL; an older build's static copy must not clash with it.
          // The .br and .gz beside each file are found by preCompressed, not by a route of their own
          // (a route per file: half of them compressed copies, ~25 ms of the start).
          globIgnore: ['tonconnect-manifest.json', '**/*.br', '**/*.gz'],
          // the web build writes .br and .gz beside each text file
          preCompressed: true,
          // Cache-Control is setHeaders' alone: the plugin's own (public, max-age=0) would replace it
          // on every precompressed reply, so a phone would ask again for each hashed asset.
          cacheControl: false,
          setHeaders: (res, file) => {
            // Wallets show the TON Connect icon on their own pages.
            if (file.endsWith(TONCONNECT_ICON_PATH)) {
              res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
              res.setHeader('Access-Control-Allow-Origin', '*');
            }
            res.setHeader(
              'Cache-Control',
              file.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
            );
          },
        });
      }
      app.setNotFoundHandler({ preHandler: app.rateLimit() }, async (req, reply) => {
        const isApi = req.url.startsWith(`${API_PREFIX}/`) || req.url === API_PREFIX;
        if (req.method === 'GET' && !isApi && !req.url.startsWith('/ws')) {
          if (hasWeb)
            return reply.type('text/html').header('Cache-Control', 'no-cache').sendFile('index.html');
          return reply
            .type('text/html')
            .send(
              '<!doctype html><title>Pixel Wall</title><p>The web app is not built. Run <code>npm run build</code>.</p>',
            );
        }
        throw new AppError('NOT_FOUND', `No route ${req.method} ${clip(req.url.split('?')[0] ?? '')}.`);
      });
    },
  };
}
