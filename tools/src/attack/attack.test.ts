import { describe, expect, it } from 'vitest';
import { parseRouteTree, runAttack } from './suite.ts';

describe('route listing', () => {
  it('turns the router tree into full paths with their methods', () => {
    const tree = [
      '├── /healthz (GET, HEAD)',
      '├── /api/v1/auth/telegram (POST)',
      '│   ├── /refresh (POST)',
      '│   └── /widget (POST)',
      '├── /api/v1/admin/template/world (DELETE)',
      '│   └── /:id (PUT)',
      '└── /ws (GET)',
    ].join('\n');
    expect(parseRouteTree(tree)).toEqual([
      { method: 'GET', url: '/healthz' },
      { method: 'POST', url: '/api/v1/auth/telegram' },
      { method: 'POST', url: '/api/v1/auth/telegram/refresh' },
      { method: 'POST', url: '/api/v1/auth/telegram/widget' },
      { method: 'DELETE', url: '/api/v1/admin/template/world' },
      { method: 'PUT', url: '/api/v1/admin/template/world/:id' },
      { method: 'GET', url: '/ws' },
    ]);
  });
});

describe('the attack, quick size', () => {
  // Every defect the attack once found has a probe here: a forged sign-in, an upload read before
  // its caller was known, a reply outside the error format, a limit or a role that held on one
  // instance only. Each probe's findings are listed when it fails.
  it('finds no broken promise', { timeout: 600_000 }, async () => {
    const report = await runAttack({ scale: 'quick', cluster: true });
    const findings = report.results.flatMap((r) => r.findings.map((f) => `${r.name}: ${f}`));
    expect(findings).toEqual([]);
    expect(report.results.length).toBeGreaterThanOrEqual(7);
  });
});
