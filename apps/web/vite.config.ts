import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { ChunkingContext, CodeSplittingGroup, OutputBundle } from 'rolldown';
import { defineConfig, type Plugin } from 'vite';

/**
 * Writes `.br` and `.gz` next to every text file of the build; the server sends them to browsers
 * that accept them (@fastify/static `preCompressed`), so no CPU goes to compressing per request.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'pixel-wall:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
          const file = path.join(dir, entry.name);
          return entry.isDirectory() ? walk(file) : [file];
        });
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|json|svg|txt)$/.test(file)) continue;
        const content = fs.readFileSync(file);
        if (content.length < 1024) continue;
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
        fs.writeFileSync(
          `${file}.br`,
          zlib.brotliCompressSync(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}

const ENTRY = path.resolve(import.meta.dirname, 'src', 'main.tsx');
const NODE_MODULES = /[\\/]node_modules[\\/]/;

/**
 * The app's own modules the entry imports statically (transitively) load with every first screen
 * anyway: one chunk for them all, instead of one small chunk per set of pages that shares a few of
 * them, keeps the first screen to a handful of requests.
 */
function firstScreenGroup(): CodeSplittingGroup {
  let found: Set<string> | undefined;
  const collect = (ctx: ChunkingContext): Set<string> => {
    const modules = new Set<string>();
    const queue = [ENTRY];
    while (queue.length > 0) {
      const id = queue.pop()!;
      if (modules.has(id) || NODE_MODULES.test(id)) continue;
      modules.add(id);
      queue.push(...(ctx.getModuleInfo(id)?.importedIds ?? []));
    }
    modules.delete(ENTRY);
    return modules;
  };
  return {
    // A group named by a function needs a label of its own in the bundler's timing report, or
    // every build warns.
    debugName: 'app',
    name: (id, ctx) => {
      found ??= collect(ctx);
      return found.has(id) ? 'app' : null;
    },
  };
}

const WALL_PAGE = path.resolve(import.meta.dirname, 'src', 'pages', 'WallPage.tsx');

/** Files a chunk needs (its static imports, transitively, and their CSS), as bundle file names. */
function chunkClosure(bundle: OutputBundle, fileName: string, into = new Set<string>()): Set<string> {
  const chunk = bundle[fileName];
  if (chunk?.type !== 'chunk' || into.has(fileName)) return into;
  into.add(fileName);
  for (const css of chunk.viteMetadata?.importedCss ?? []) into.add(css);
  for (const imported of chunk.imports) chunkClosure(bundle, imported, into);
  return into;
}

/** Runs in the page, from index.html: on `/`, starts downloading `hrefs` (modules and styles). */
function preloadOnHome(hrefs: string[]): void {
  if (location.pathname !== '/') return;
  for (const href of hrefs) {
    const link = document.createElement('link');
    if (href.endsWith('.css')) {
      link.rel = 'preload';
      link.as = 'style';
    } else {
      link.rel = 'modulepreload';
    }
    // As the chunk loader requests them, so the browser reuses these downloads.
    link.crossOrigin = '';
    link.href = href;
    document.head.appendChild(link);
  }
}

const FIRST_SCREEN_MARK = '<!-- first-screen -->';

/**
 * `/` shows the Wall, whose code is a lazy chunk: the page starts downloading it (and its CSS) with
 * the entry instead of after the entry has run, one round trip less before the first screen. The
 * script carries `data-first-screen` so the bundle budget counts these files as initial.
 */
function preloadWallOnHome(): Plugin {
  return {
    name: 'pixel-wall:preload-wall-on-home',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle, chunk: entry }) {
        if (!bundle || !entry) return;
        if (!html.includes(FIRST_SCREEN_MARK)) throw new Error(`index.html lacks ${FIRST_SCREEN_MARK}`);
        const wall = Object.values(bundle).find((c) => c.type === 'chunk' && c.facadeModuleId === WALL_PAGE);
        if (!wall) throw new Error('The Wall page chunk is missing from the build');
        const loaded = chunkClosure(bundle, entry.fileName);
        const files = [...chunkClosure(bundle, wall.fileName)].filter((file) => !loaded.has(file));
        const hrefs = JSON.stringify(files.map((file) => `/${file}`));
        return html.replace(
          FIRST_SCREEN_MARK,
          `<script data-first-screen="/">(${preloadOnHome})(${hrefs});</script>`,
        );
      },
    },
  };
}

// The API server (apps/server) listens on 8080; in dev Vite proxies to it so cookies, CORS and
// websocket URLs behave as in production, where the server serves dist/ itself.
const API_TARGET = 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react(), preloadWallOnHome(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Long-lived vendor chunks cache across deploys; the Telegram SDK stays in its own lazy
        // chunk, downloaded only inside the Mini App, and TON Connect in its own, loaded by the shop.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 2 },
            {
              name: 'vendor',
              test: /node_modules[\\/](?!@tma\.js|fp-ts|valibot|better-promises|@tonconnect|ua-parser-js|tweetnacl|deepmerge|classnames)/,
              priority: 1,
            },
            firstScreenGroup(),
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true },
      '/ws': { target: API_TARGET, ws: true, changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true },
      '/ws': { target: API_TARGET, ws: true, changeOrigin: true },
    },
  },
});
