/**
 * The boundaries between the repository's parts, read from the import statements of every
 * .ts/.tsx file (static imports, `import type`, re-exports and dynamic `import()`), with relative
 * paths resolved. docs/ARCHITECTURE.md explains the layers; this test keeps them.
 */
import fs from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const REPO_ROOT = path.resolve(import.meta.dirname, '..', '..');

/**
 * The only imports from one web feature into another: the screens where one feature is built out of
 * another's parts. Shared kit does not belong here; it lives in apps/web/src/ui/ or apps/web/src/api/.
 * Keys are `from -> to` feature folder names.
 */
const FEATURE_EDGES: Readonly<Record<string, string>> = {
  // The Wall is the game's main screen: the paint bar's boosts and the blast rail, the hidden
  // pixels layer, the mining chip and sheet, Pixanos' effects, the paint rewards and the templates
  // overlay and sheet are drawn on it and driven by its tools.
  'wall -> boosts': 'boost buttons, blast rail and fast modes on the paint bar',
  'wall -> hidden': 'the hidden pixels layer over the canvas',
  'wall -> mining': 'the mining chip and sheet, the charges on the paint bar',
  'wall -> pixanos': 'Snap and the wall effects',
  'wall -> rewards': 'rewards for painted pixels',
  'wall -> templates': 'the template overlay, its controls and sheet',
  'wall -> shop': 'product icons and names on the limited offer, the daily item and flying rewards',
  // The mining sheet offers the boost upgrades and the token rewards next to the charges.
  'mining -> boosts': 'boost upgrades in the mining sheet',
  'mining -> rewards': 'token rewards in the mining sheet',
  // Boost buttons and reward popups draw the product they stand for with the shop's art.
  'boosts -> shop': 'product icons on boost buttons',
  'rewards -> shop': 'product icons and names in reward popups',
  // Paying in TON and minting an NFT go through the connected wallet.
  'shop -> wallet': 'TON payment through the connected wallet',
  'nft -> wallet': 'minting from the connected wallet',
  // Staff review NFT submissions with the moderation role.
  'nft -> moderation': 'the staff role decides who reviews submissions',
  // A painter's popup carries the staff's ban buttons and purchases; the popup host also draws
  // the squad popup and the squad welcome.
  'profile -> moderation': 'ban buttons and purchases in the painter popup',
  'profile -> squads': 'the squad popup and welcome in the player popup host',
  // Ghost Pixel's row in one's own achievements opens the secret-word quest, a mining task.
  'profile -> mining': 'the secret-word quest sheet from the Ghost Pixel achievement',
  // Screens that list players mount the player popup host, so a tap on a row opens the player.
  'invite -> profile': 'friends open the player popup',
  'ratings -> profile': 'rows open the player popup; league names',
  'squads -> profile': 'members open the player popup',
  'stats -> profile': 'top painters open the player popup',
  // A squad row in the ratings opens that squad.
  'ratings -> squads': 'opening a squad from its row',
  // The About screen shows the live game statistics.
  'info -> stats': 'game statistics on the About screen',
};

/**
 * Known violations that are being removed. Each is a single edge `from -> to` (repository paths);
 * delete the entry once the import is gone.
 */
// Known violations on their way out, `from -> to` with the reason; none today. Add one only with
// the change that removes it in view.
const PENDING: Readonly<Record<string, string>> = {};

/** Repository-relative path (forward slashes) → file text. */
type Sources = ReadonlyMap<string, string>;

interface Edge {
  from: string;
  specifier: string;
  typeOnly: boolean;
  /** The file a relative specifier points at (repository-relative), null for a package or built-in. */
  target: string | null;
}

interface Rules {
  featureEdges: ReadonlySet<string>;
  pending: ReadonlySet<string>;
}

interface Report {
  violations: string[];
  cycles: string[];
}

const SOURCE_FILE = /\.tsx?$/;
const TEST_FILE = /\.test\.tsx?$/;
const NODE_BUILTINS = new Set(builtinModules);
const REACT = /^(react|react-dom|react-redux|react-i18next|react-router)(\/|$)|^@[^/]+\/[^/]*react/;
const SERVER_LOWER_LAYERS = /^apps\/server\/src\/(engine|realtime|db|integrations)\//;
const SERVER_MODULES = 'apps/server/src/modules/';
const WEB = 'apps/web/src/';
/** What every web feature may use besides its own folder: the app's shared layers. */
const WEB_KIT = ['ui', 'api', 'store', 'canvas', 'platform', 'i18n'].map((folder) => `${WEB}${folder}/`);
const FEATURE = /^apps\/web\/src\/features\/([^/]+)\//;

interface Specifier {
  specifier: string;
  /** Erased by the compiler (`import type`, `export type`, `import('x').T`): no edge at run time. */
  typeOnly: boolean;
}

/** Every module specifier of one file: imports, `import type`, re-exports and dynamic imports. */
function specifiersOf(text: string, fileName = 'file.tsx'): Specifier[] {
  const kind = fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, kind);
  const found: Specifier[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      // `import { type A }` stays as `import {}` under verbatimModuleSyntax: a run-time edge.
      found.push({ specifier: node.moduleSpecifier.text, typeOnly: node.importClause?.isTypeOnly ?? false });
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      found.push({ specifier: node.moduleSpecifier.text, typeOnly: node.isTypeOnly });
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      if (argument && ts.isStringLiteralLike(argument))
        found.push({ specifier: argument.text, typeOnly: false });
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      found.push({ specifier: node.argument.literal.text, typeOnly: true });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function resolve(from: string, specifier: string, sources: Sources): string | null {
  if (!specifier.startsWith('./') && !specifier.startsWith('../')) return null;
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    if (sources.has(candidate)) return candidate;
  }
  return base;
}

function edgesOf(sources: Sources): Edge[] {
  const edges: Edge[] = [];
  for (const [from, text] of sources) {
    for (const { specifier, typeOnly } of specifiersOf(text, from)) {
      edges.push({ from, specifier, typeOnly, target: resolve(from, specifier, sources) });
    }
  }
  return edges;
}

function isNodeBuiltin(specifier: string): boolean {
  return specifier.startsWith('node:') || NODE_BUILTINS.has(specifier);
}

function featureOf(file: string): string | null {
  return FEATURE.exec(file)?.[1] ?? null;
}

/** The rule one import breaks, or null. */
function broken(edge: Edge, rules: Rules): string | null {
  const { from, specifier, target } = edge;
  if (from.startsWith('packages/shared/')) {
    if (target?.startsWith('apps/') || /^@pixel-wall\/(server|web)(\/|$)/.test(specifier)) {
      return 'packages/shared imports an app';
    }
    if (isNodeBuiltin(specifier)) return 'packages/shared imports a Node built-in';
  }
  // Tests may borrow another layer's fixtures; only what ships is layered.
  if (SERVER_LOWER_LAYERS.test(from) && !TEST_FILE.test(from) && target?.startsWith(SERVER_MODULES)) {
    if (rules.pending.has(`${from} -> ${target}`)) return null;
    return 'server engine/realtime/db/integrations import a module';
  }
  if (from.startsWith(`${WEB}canvas/`)) {
    if (REACT.test(specifier)) return 'web canvas imports React';
    if (target && featureOf(target)) return 'web canvas imports a feature';
  }
  if (from.startsWith(`${WEB}ui/`) && target && featureOf(target)) return 'web ui imports a feature';
  const source = featureOf(from);
  const destination = target ? featureOf(target) : null;
  if (source && destination && source !== destination) {
    if (!rules.featureEdges.has(`${source} -> ${destination}`)) return 'web feature imports another feature';
  }
  // Tests may assemble the whole app (App.tsx, test/); what ships uses the shared layers only.
  if (source && !destination && target?.startsWith(WEB) && !TEST_FILE.test(from)) {
    if (!WEB_KIT.some((folder) => target.startsWith(folder))) return 'web feature imports app-level code';
  }
  return null;
}

/** Strongly connected components (Tarjan) of the file graph, those that hold a cycle. */
function cyclicComponents(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const found: string[][] = [];
  let next = 0;
  const visit = (node: string): void => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) {
        low.set(node, Math.min(low.get(node)!, index.get(to)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || graph.get(node)?.includes(node)) found.push(component.sort());
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return found;
}

/** One shortest cycle through `start` inside its component, as a path that ends where it began. */
function cycleThrough(
  start: string,
  members: ReadonlySet<string>,
  graph: ReadonlyMap<string, readonly string[]>,
) {
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const to of graph.get(node) ?? []) {
      if (!members.has(to)) continue;
      if (to === start) {
        const cycle = [start];
        for (let at: string | undefined = node; at !== undefined && at !== start; at = previous.get(at)) {
          cycle.unshift(at);
        }
        cycle.unshift(start);
        return cycle;
      }
      if (!previous.has(to)) {
        previous.set(to, node);
        queue.push(to);
      }
    }
  }
  return [start, start];
}

function check(sources: Sources, rules: Rules): Report {
  const edges = edgesOf(sources);
  const violations = edges.flatMap((edge) => {
    const rule = broken(edge, rules);
    return rule ? [`${rule}: ${edge.from} -> ${edge.target ?? edge.specifier}`] : [];
  });
  const graph = new Map<string, string[]>();
  for (const file of sources.keys()) if (file.startsWith(WEB)) graph.set(file, []);
  // Cycles that exist when the app runs: a type-only import is erased (the store's slices name
  // RootState, which store/index.ts builds from them).
  for (const { from, target, typeOnly } of edges) {
    if (target && !typeOnly && graph.has(from) && graph.has(target)) graph.get(from)!.push(target);
  }
  const cycles = cyclicComponents(graph).map((component) => {
    const first = component[0]!;
    const shown = cycleThrough(first, new Set(component), graph)
      .map((file) => file.slice(WEB.length))
      .join(' -> ');
    return `import cycle among ${component.length} web files: ${shown}`;
  });
  return { violations: violations.sort(), cycles: cycles.sort() };
}

/** The .ts/.tsx files under the given folders (repository-relative), without installed or built code. */
function readSources(folders: readonly string[]): Map<string, string> {
  const sources = new Map<string, string>();
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(path.join(REPO_ROOT, dir), { withFileTypes: true })) {
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== 'dist') walk(rel);
      } else if (SOURCE_FILE.test(entry.name) && !entry.name.endsWith('.d.ts')) {
        sources.set(rel, fs.readFileSync(path.join(REPO_ROOT, rel), 'utf8'));
      }
    }
  };
  for (const folder of folders) walk(folder);
  return sources;
}

const REPOSITORY_RULES: Rules = {
  featureEdges: new Set(Object.keys(FEATURE_EDGES)),
  pending: new Set(Object.keys(PENDING)),
};

describe('the repository', () => {
  const sources = readSources(['packages/shared', 'apps/server/src', 'apps/web/src']);
  let report: Report | undefined;
  const repositoryReport = () => {
    report ??= check(sources, REPOSITORY_RULES);
    return report;
  };

  it('reads the files the rules are about', () => {
    expect(sources.has('packages/shared/src/index.ts')).toBe(true);
    expect(sources.has('apps/server/src/engine/committer.ts')).toBe(true);
    expect(sources.has('apps/web/src/main.tsx')).toBe(true);
  });

  it('keeps its layers', () => {
    expect(repositoryReport().violations).toEqual([]);
  });

  it('has no import cycle in the web app', () => {
    expect(repositoryReport().cycles).toEqual([]);
  });
});

describe('the boundary checker', () => {
  const none: Rules = { featureEdges: new Set(), pending: new Set() };
  const run = (files: Record<string, string>, rules: Rules = none) =>
    check(new Map(Object.entries(files)), rules);

  it('reads imports, import type, re-exports and dynamic imports, skipping comments and strings', () => {
    const text = [
      "import type { A } from './a.ts';",
      "export type { B } from './b.ts';",
      "export * from './c.ts';",
      'import {',
      '  d,',
      '  type D,',
      "} from './d.ts';",
      'function later() {',
      "  return import('./e.ts');",
      '}',
      "let f: import('./f.ts').F;",
      "import './g.css';",
      "// import { z } from './comment.ts';",
      'const s = \'import("./string.ts")\';',
    ].join('\n');
    expect(specifiersOf(text, 'x.ts')).toEqual([
      { specifier: './a.ts', typeOnly: true },
      { specifier: './b.ts', typeOnly: true },
      { specifier: './c.ts', typeOnly: false },
      { specifier: './d.ts', typeOnly: false },
      { specifier: './e.ts', typeOnly: false },
      { specifier: './f.ts', typeOnly: true },
      { specifier: './g.css', typeOnly: false },
    ]);
    expect(specifiersOf("const el = <div>{import('./h.tsx')}</div>;", 'x.tsx')).toEqual([
      { specifier: './h.tsx', typeOnly: false },
    ]);
  });

  it('resolves relative paths, with or without an extension', () => {
    const edges = edgesOf(
      new Map([
        ['apps/web/src/features/a/x.ts', "import '../../ui/y.ts';\nimport '../b';\nimport 'react';"],
        ['apps/web/src/ui/y.ts', ''],
        ['apps/web/src/features/b/index.ts', ''],
      ]),
    );
    expect(edges.map((edge) => edge.target)).toEqual([
      'apps/web/src/ui/y.ts',
      'apps/web/src/features/b/index.ts',
      null,
    ]);
  });

  it('passes a tree that keeps every rule', () => {
    const report = run({
      'packages/shared/src/index.ts': "import { z } from 'zod';\nexport * from './codec.ts';",
      'packages/shared/src/codec.ts': '',
      'apps/server/src/engine/engine.ts': "import '../db/pool.ts';\nimport 'node:crypto';",
      'apps/server/src/db/pool.ts': '',
      'apps/server/src/modules/pixels/routes.ts': "import '../../engine/engine.ts';",
      'apps/web/src/canvas/view.ts': "import { store } from '../store/index.ts';",
      'apps/web/src/store/index.ts': '',
      'apps/web/src/ui/Tabs.tsx': "import { useState } from 'react';\nimport '../api/http.ts';",
      'apps/web/src/api/http.ts': '',
      'apps/web/src/features/wall/Wall.tsx': "import '../../ui/Tabs.tsx';\nimport './paint.ts';",
      'apps/web/src/features/wall/paint.ts': "import type { View } from '../../canvas/view.ts';",
    });
    expect(report).toEqual({ violations: [], cycles: [] });
  });

  it('fails when packages/shared imports an app or a Node built-in', () => {
    const report = run({
      'packages/shared/src/a.ts': "import '../../../apps/server/src/config.ts';",
      'packages/shared/src/b.ts': "import type { App } from '@pixel-wall/web';",
      'packages/shared/src/c.ts': "import { createHash } from 'node:crypto';",
      'packages/shared/src/d.ts': "import fs from 'fs';",
    });
    expect(report.violations).toEqual([
      'packages/shared imports a Node built-in: packages/shared/src/c.ts -> node:crypto',
      'packages/shared imports a Node built-in: packages/shared/src/d.ts -> fs',
      'packages/shared imports an app: packages/shared/src/a.ts -> apps/server/src/config.ts',
      'packages/shared imports an app: packages/shared/src/b.ts -> @pixel-wall/web',
    ]);
  });

  it('fails when the server engine, realtime, db or integrations import a module, unless pending', () => {
    const files = {
      'apps/server/src/engine/a.ts': "import '../modules/pixels/x.ts';",
      'apps/server/src/realtime/b.ts': "export { y } from '../modules/pixels/y.ts';",
      'apps/server/src/db/c.ts': "const m = await import('../modules/shop/z.ts');",
      'apps/server/src/integrations/ton/d.ts': "import type { T } from '../../modules/shop/z.ts';",
      'apps/server/src/integrations/ton/d.test.ts': "import '../../modules/shop/testing.ts';",
    };
    expect(run(files).violations).toEqual([
      'server engine/realtime/db/integrations import a module: apps/server/src/db/c.ts -> apps/server/src/modules/shop/z.ts',
      'server engine/realtime/db/integrations import a module: apps/server/src/engine/a.ts -> apps/server/src/modules/pixels/x.ts',
      'server engine/realtime/db/integrations import a module: apps/server/src/integrations/ton/d.ts -> apps/server/src/modules/shop/z.ts',
      'server engine/realtime/db/integrations import a module: apps/server/src/realtime/b.ts -> apps/server/src/modules/pixels/y.ts',
    ]);
    const pending = new Set(['apps/server/src/engine/a.ts -> apps/server/src/modules/pixels/x.ts']);
    expect(run(files, { featureEdges: new Set(), pending }).violations).toHaveLength(3);
  });

  it('fails when the web canvas imports React or a feature', () => {
    const report = run({
      'apps/web/src/canvas/a.ts': "import { useEffect } from 'react';",
      'apps/web/src/canvas/b.ts': "import { createRoot } from 'react-dom/client';",
      'apps/web/src/canvas/c.ts': "import type { Tool } from '../features/wall/tools.ts';",
    });
    expect(report.violations).toEqual([
      'web canvas imports React: apps/web/src/canvas/a.ts -> react',
      'web canvas imports React: apps/web/src/canvas/b.ts -> react-dom/client',
      'web canvas imports a feature: apps/web/src/canvas/c.ts -> apps/web/src/features/wall/tools.ts',
    ]);
  });

  it('fails when web ui imports a feature', () => {
    const report = run({ 'apps/web/src/ui/Popup/Popup.tsx': "import '../../features/rewards/popup.ts';" });
    expect(report.violations).toEqual([
      'web ui imports a feature: apps/web/src/ui/Popup/Popup.tsx -> apps/web/src/features/rewards/popup.ts',
    ]);
  });

  it('fails when a feature imports another feature outside the allowed edges', () => {
    const files = {
      'apps/web/src/features/wall/Wall.tsx': "import '../boosts/Rail.tsx';\nimport '../shop/Shop.tsx';",
      'apps/web/src/features/boosts/Rail.tsx': "import './items.ts';",
      'apps/web/src/features/boosts/items.ts': '',
      'apps/web/src/features/shop/Shop.tsx': '',
    };
    expect(run(files).violations).toEqual([
      'web feature imports another feature: apps/web/src/features/wall/Wall.tsx -> apps/web/src/features/boosts/Rail.tsx',
      'web feature imports another feature: apps/web/src/features/wall/Wall.tsx -> apps/web/src/features/shop/Shop.tsx',
    ]);
    const rules = { featureEdges: new Set(['wall -> boosts']), pending: new Set<string>() };
    expect(run(files, rules).violations).toEqual([
      'web feature imports another feature: apps/web/src/features/wall/Wall.tsx -> apps/web/src/features/shop/Shop.tsx',
    ]);
  });

  it('fails when a shipped feature file imports app-level code instead of the shared layers', () => {
    const report = run({
      'apps/web/src/features/px/Ledger.tsx': "import '../../links.ts';\nimport '../../ui/Tabs.tsx';",
      'apps/web/src/features/px/Ledger.test.tsx': "import '../../App.tsx';\nimport '../../test/harness.tsx';",
      'apps/web/src/features/px/Token.tsx':
        "import '../../pages/PxPage.tsx';\nimport '../../store/index.ts';",
    });
    expect(report.violations).toEqual([
      'web feature imports app-level code: apps/web/src/features/px/Ledger.tsx -> apps/web/src/links.ts',
      'web feature imports app-level code: apps/web/src/features/px/Token.tsx -> apps/web/src/pages/PxPage.tsx',
    ]);
  });

  it('reports each import cycle in the web app once, as a path', () => {
    const report = run({
      'apps/web/src/features/templates/Sheet.tsx': "import { Tab } from './Tab.tsx';",
      'apps/web/src/features/templates/Tab.tsx': "import { useFollow } from './Sheet.tsx';",
      'apps/web/src/a.ts': "import './b.ts';",
      'apps/web/src/b.ts': "import { type C, c } from './c.ts';",
      'apps/web/src/c.ts': "export * from './a.ts';",
      'apps/web/src/self.ts': "const me = await import('./self.ts');",
      'apps/web/src/d.ts': "import './a.ts';",
    });
    expect(report.violations).toEqual([]);
    expect(report.cycles).toEqual([
      'import cycle among 1 web files: self.ts -> self.ts',
      'import cycle among 2 web files: features/templates/Sheet.tsx -> features/templates/Tab.tsx -> features/templates/Sheet.tsx',
      'import cycle among 3 web files: a.ts -> b.ts -> c.ts -> a.ts',
    ]);
  });

  it('counts a cycle through `import { type X }` (kept at run time) but not through `import type`', () => {
    const store = {
      'apps/web/src/store/index.ts': "import { userReducer } from './userSlice.ts';",
      'apps/web/src/store/userSlice.ts': "import type { RootState } from './index.ts';",
    };
    expect(run(store).cycles).toEqual([]);
    const kept = {
      ...store,
      'apps/web/src/store/userSlice.ts': "import { type RootState } from './index.ts';",
    };
    expect(run(kept).cycles).toEqual([
      'import cycle among 2 web files: store/index.ts -> store/userSlice.ts -> store/index.ts',
    ]);
  });
});
