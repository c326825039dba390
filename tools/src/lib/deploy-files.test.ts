/**
 * The deployment files (Dockerfile, compose.yaml, compose.cluster.yaml, Caddyfile), read as text:
 * Docker does not run where the tests do, so what they promise is checked on their content.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../apps/server/src/config.ts';
import { REPO_ROOT } from './server-process.ts';

const read = (file: string) => fs.readFileSync(path.join(REPO_ROOT, file), 'utf8');

interface LockEntry {
  link?: boolean;
  resolved?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

/**
 * The packages `npm ci --omit=dev -w <workspace>` installs for a workspace, from the lockfile:
 * its dependencies and theirs (optional ones and peers included, where the lockfile has them),
 * found as Node finds them, in the nearest node_modules up the tree.
 */
function productionClosure(lock: { packages: Record<string, LockEntry> }, workspace: string): Set<string> {
  const { packages } = lock;
  const find = (from: string, name: string): string | null => {
    let dir = from;
    for (;;) {
      const candidate = dir ? `${dir}/node_modules/${name}` : `node_modules/${name}`;
      if (packages[candidate]) return candidate;
      if (!dir) return null;
      const i = dir.lastIndexOf('/node_modules/');
      dir = i === -1 ? '' : dir.slice(0, i);
    }
  };
  const names = new Set<string>();
  const seen = new Set<string>();
  const visit = (location: string) => {
    if (seen.has(location)) return;
    seen.add(location);
    const entry = packages[location]!;
    if (entry.link && entry.resolved) return visit(entry.resolved);
    const deps = { ...entry.peerDependencies, ...entry.optionalDependencies, ...entry.dependencies };
    for (const name of Object.keys(deps)) {
      const found = find(location, name);
      if (found === null) continue;
      names.add(name);
      visit(found);
    }
  };
  visit(workspace);
  return names;
}

describe('the Dockerfile', () => {
  const dockerfile = read('Dockerfile');
  const pkg = JSON.parse(read('package.json')) as {
    scripts: Record<string, string>;
    engines: { node: string };
  };

  it('runs the compiled server exactly as npm run serve does', () => {
    const cmd = dockerfile.match(/^CMD (\[.*\])$/m);
    expect(cmd, 'a CMD line in exec form').not.toBeNull();
    expect((JSON.parse(cmd![1]!) as string[]).join(' ')).toBe(pkg.scripts.serve);
  });

  it('builds with npm ci and npm run build only, on a Node the engines field allows', () => {
    const runs = [...dockerfile.matchAll(/^RUN (.*)$/gm)].map((m) => m[1]!);
    expect(runs.filter((r) => r.startsWith('npm '))).toEqual([
      'npm ci',
      'npm run build',
      // the runtime stage: the server's production dependencies, no other workspace's
      'npm ci --omit=dev -w apps/server',
    ]);
    const majors = [...dockerfile.matchAll(/^FROM node:(\d+)-slim/gm)].map((m) => Number(m[1]));
    const min = Number(pkg.engines.node.match(/>=(\d+)/)![1]);
    expect(majors.length).toBe(3);
    for (const major of majors) expect(major).toBeGreaterThanOrEqual(min);
  });

  it("ships no compiler, bundler or browser driver among the server's production dependencies", () => {
    const closure = productionClosure(JSON.parse(read('package-lock.json')), 'apps/server');
    expect(closure).toContain('fastify');
    expect(closure).toContain('@electric-sql/pglite');
    for (const heavy of ['typescript', 'playwright-core', 'vite', 'react', 'esbuild', 'vitest']) {
      expect(closure, heavy).not.toContain(heavy);
    }
  });

  it('the closure follows the nearest copy, peers and links', () => {
    const closure = productionClosure(
      {
        packages: {
          'apps/server': { dependencies: { a: '1', '@x/shared': '*' } },
          'node_modules/@x/shared': { link: true, resolved: 'packages/shared' },
          'packages/shared': { dependencies: { c: '1' } },
          'node_modules/a': { dependencies: { b: '2' }, peerDependencies: { t: '5', missing: '1' } },
          'node_modules/a/node_modules/b': {},
          'node_modules/b': { dependencies: { never: '1' } },
          'node_modules/c': {},
          'node_modules/t': {},
        },
      },
      'apps/server',
    );
    expect([...closure].sort()).toEqual(['@x/shared', 'a', 'b', 'c', 't']);
  });

  it('checks health on the port the server listens on', () => {
    const check = dockerfile.match(/^HEALTHCHECK [^\n]*\\\n\s*CMD (\[.*\])$/m);
    expect(check, 'a HEALTHCHECK with an exec-form CMD').not.toBeNull();
    const script = (JSON.parse(check![1]!) as string[]).join(' ');
    expect(script).toContain('process.env.PORT');
    expect(script).toContain('/readyz');
  });
});

/** The `ports:` entries of each service of a compose file (a list of quoted strings). */
function publishedPorts(compose: string): Map<string, string[]> {
  const ports = new Map<string, string[]>();
  let service: string | null = null;
  let inPorts = false;
  for (const line of compose.split('\n')) {
    const top = /^ {2}([\w-]+):\s*(?:\*\w+)?\s*$/.exec(line);
    if (top) {
      service = top[1]!;
      inPorts = false;
      continue;
    }
    if (/^ {4}ports:\s*$/.test(line)) {
      inPorts = true;
      continue;
    }
    const item = /^ {6}- "([^"]+)"/.exec(line);
    if (inPorts && item && service) ports.set(service, [...(ports.get(service) ?? []), item[1]!]);
    else if (!/^\s*(#.*)?$/.test(line) && !/^ {6}/.test(line)) inPorts = false;
  }
  return ports;
}

/** Compose's interpolation of `${NAME}` and `${NAME:?message}`. */
function interpolate(text: string, env: Record<string, string>): string {
  return text.replace(/\$\{(\w+)(?::\?[^}]*)?\}/g, (_, name: string) => {
    const value = env[name];
    if (value === undefined) throw new Error(`${name} is not set`);
    return value;
  });
}

/** The `environment:` map of the x-wall anchor in compose.cluster.yaml. */
function wallEnvironment(compose: string): Record<string, string> {
  const block = compose.split(/^x-wall: &wall$/m)[1]!.split(/^\S/m)[0]!;
  const environment = block.split(/^ {2}environment:\s*$/m)[1]!.split(/^ {2}\S/m)[0]!;
  const env: Record<string, string> = {};
  for (const [, name, raw] of environment.matchAll(/^ {4}(\w+): (.*)$/gm)) {
    env[name!] = raw!.replace(/^"(.*)"$/, '$1');
  }
  return env;
}

describe('the compose files', () => {
  it('publish the embedded server on loopback only, for the TLS proxy on the host', () => {
    const ports = publishedPorts(read('compose.yaml'));
    expect(ports.get('wall')).toEqual(['127.0.0.1:8080:8080']);
  });

  it('publish only the proxy in cluster mode, never an instance', () => {
    const ports = publishedPorts(read('compose.cluster.yaml'));
    expect([...ports.keys()]).toEqual(['caddy']);
  });

  it('give the cluster a database connection that any password survives (base64 has "/")', () => {
    const password = 'q/Zx+8w==:@?#x%2F';
    const env = interpolate(JSON.stringify(wallEnvironment(read('compose.cluster.yaml'))), {
      POSTGRES_PASSWORD: password,
      SESSION_SECRET: 'x'.repeat(40),
    });
    const wall = JSON.parse(env) as Record<string, string>;
    const config = loadConfig({ ...wall, TRUST_PROXY: 'false' });
    const url = new URL(config.databaseUrl!);
    expect(url.hostname).toBe('postgres');
    expect(url.username).toBe('pixelwall');
    // node-postgres takes the password from PGPASSWORD when the URL has none
    expect(url.password).toBe('');
    expect(wall.PGPASSWORD).toBe(password);
  });
});

describe('the Caddyfile', () => {
  const caddyfile = read('Caddyfile');

  it('sends requests to every cluster instance', () => {
    const upstreams = /reverse_proxy ([^{]+)\{/.exec(caddyfile)![1]!.trim().split(/\s+/);
    const services = [...serviceNames(read('compose.cluster.yaml'))].filter((s) => /^wall\d+$/.test(s));
    expect(upstreams).toEqual(services.map((s) => `${s}:8080`));
  });

  it('retries another instance and leaves out one that is draining or down', () => {
    const seconds = (name: string) => {
      const m = new RegExp(`^\\s*${name} (\\d+)(ms|s)$`, 'm').exec(caddyfile);
      expect(m, name).not.toBeNull();
      return Number(m![1]) / (m![2] === 'ms' ? 1000 : 1);
    };
    expect(caddyfile).toMatch(/^\s*health_uri \/readyz$/m);
    // the check must notice a drain (5 s by default) well before the listener closes
    expect(seconds('health_interval')).toBeLessThanOrEqual(2);
    expect(seconds('lb_try_duration')).toBeGreaterThanOrEqual(2);
    expect(seconds('lb_try_interval')).toBeLessThan(1);
    expect(seconds('fail_duration')).toBeGreaterThan(0);
  });
});

/** The service names of a compose file. */
function serviceNames(compose: string): Set<string> {
  const services = compose.split(/^services:\s*$/m)[1]!.split(/^\S/m)[0]!;
  return new Set([...services.matchAll(/^ {2}([\w-]+):/gm)].map((m) => m[1]!));
}
