import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API server (apps/server) listens on 8080; in dev Vite proxies to it so cookies, CORS and
// websocket URLs behave as in production, where the server serves dist/ itself.
const API_TARGET = 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
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
