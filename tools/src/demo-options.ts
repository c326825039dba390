/**
 * What `npm run demo` listens on and where it builds the web app, read apart from the demo itself
 * so that they can be tested without starting it.
 */
import path from 'node:path';
import { envPort } from './fakes/serve.ts';

/** The variables that pin the demo's ports; each `0` (the fakes' default) takes any free port. */
export const DEMO_PORT_VARIABLES = {
  server: 'DEMO_PORT',
  botApi: 'DEMO_BOT_API_PORT',
  tonIndexer: 'DEMO_TONCENTER_PORT',
  marketData: 'DEMO_MARKET_DATA_PORT',
} as const;

export type DemoPorts = Record<keyof typeof DEMO_PORT_VARIABLES, number>;

/** The game on 8080 unless DEMO_PORT says otherwise; the fakes on any free port unless pinned. */
export function demoPorts(env: Readonly<Record<string, string | undefined>>): DemoPorts {
  const v = DEMO_PORT_VARIABLES;
  return {
    server: envPort(env, v.server, 8080),
    botApi: envPort(env, v.botApi, 0),
    tonIndexer: envPort(env, v.tonIndexer, 0),
    marketData: envPort(env, v.marketData, 0),
  };
}

/**
 * `npm run build -w apps/web` into `outDir`, the demo's own directory: never apps/web/dist, which a
 * running `npm start` serves (its index.html names hashed files that a rebuild there deletes).
 */
export function webBuildArgs(outDir: string): string[] {
  return ['run', 'build', '-w', 'apps/web', '--', '--outDir', path.resolve(outDir), '--emptyOutDir'];
}
