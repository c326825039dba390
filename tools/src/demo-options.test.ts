import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { demoPorts, webBuildArgs } from './demo-options.ts';
import { REPO_ROOT } from './lib/server-process.ts';

describe("the demo's ports", () => {
  it('default to 8080 for the game and any free port for the fakes', () => {
    expect(demoPorts({})).toEqual({ server: 8080, botApi: 0, tonIndexer: 0, marketData: 0 });
    expect(demoPorts({ DEMO_PORT: '' })).toMatchObject({ server: 8080 });
  });

  it('are pinned by DEMO_PORT, DEMO_BOT_API_PORT, DEMO_TONCENTER_PORT and DEMO_MARKET_DATA_PORT', () => {
    expect(
      demoPorts({
        DEMO_PORT: '9080',
        DEMO_BOT_API_PORT: '9081',
        DEMO_TONCENTER_PORT: '9091',
        DEMO_MARKET_DATA_PORT: '9092',
      }),
    ).toEqual({ server: 9080, botApi: 9081, tonIndexer: 9091, marketData: 9092 });
    expect(demoPorts({ DEMO_PORT: '0' })).toMatchObject({ server: 0 });
  });

  it('refuse what is not a port, naming the variable', () => {
    for (const bad of ['http', '-1', '65536', '80.5', '0x50', '1e3']) {
      expect(() => demoPorts({ DEMO_BOT_API_PORT: bad }), bad).toThrow(
        `DEMO_BOT_API_PORT: wants a port from 0 to 65535 (0: any free one), got "${bad}"`,
      );
    }
  });
});

describe("the demo's web build", () => {
  const webDist = path.join(REPO_ROOT, 'apps/web/dist');

  it('goes to its own directory, never apps/web/dist, which a running npm start serves', () => {
    const args = webBuildArgs('/tmp/pixelwall-demo-build-x');
    expect(args.slice(0, 4)).toEqual(['run', 'build', '-w', 'apps/web']);
    expect(args[args.indexOf('--outDir') + 1]).toBe('/tmp/pixelwall-demo-build-x');
    expect(args).not.toContain(webDist);
  });

  it('is the only build npm run demo makes: it does not run npm run build (apps/web/dist, apps/server/dist)', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(pkg.scripts.demo).toBeDefined();
    expect(pkg.scripts.demo).not.toMatch(/npm run build|scripts\/build|ensure-build/);
    expect(pkg.scripts.demo).toContain('tools/src/demo.ts');
  });
});
