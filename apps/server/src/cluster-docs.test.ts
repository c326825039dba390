import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

const ROOT = new URL('../../../', import.meta.url);
const read = (file: string) => fs.readFileSync(new URL(file, ROOT), 'utf8');

/** The README's section under `heading`, up to the next heading of the same or a higher level. */
function section(text: string, heading: string): string {
  const lines = text.split('\n');
  const start = lines.indexOf(heading);
  if (start < 0) throw new Error(`README has no ${heading}`);
  const level = heading.split(' ')[0]!.length;
  let fenced = false;
  let end = start + 1;
  for (; end < lines.length; end++) {
    const line = lines[end]!;
    if (line.startsWith('```')) fenced = !fenced;
    const hashes = /^(#+) /.exec(line)?.[1]?.length;
    if (!fenced && hashes !== undefined && hashes <= level) break;
  }
  return lines.slice(start, end).join('\n');
}

describe("the README's cluster recipe", () => {
  const part = section(read('README.md'), '### Cluster mode: N instances behind a load balancer');
  const recipe = /```sh\n([\s\S]*?)```/.exec(part)?.[1] ?? '';
  const prose = part.replace(/```sh\n[\s\S]*?```/g, '');

  it('creates the database its DATABASE_URL names before the first instance starts', () => {
    const url = /DATABASE_URL=(\S+)/.exec(recipe)?.[1];
    expect(url, 'the recipe sets DATABASE_URL').toBeDefined();
    const name = new URL(url!).pathname.slice(1);
    expect(name).not.toBe('');
    const created = recipe.search(new RegExp(`(createdb\\b.*\\s${name}\\b|CREATE DATABASE ${name}\\b)`));
    const firstServe = recipe.indexOf('npm run serve');
    expect(created, `the recipe creates ${name}`).toBeGreaterThanOrEqual(0);
    expect(created).toBeLessThan(firstServe);
  });

  it('names the load balancer in TRUST_PROXY, never true, in a form the server accepts', () => {
    const values = [...recipe.matchAll(/TRUST_PROXY=(\S+)/g)].map((m) => m[1]!);
    expect(values.length).toBeGreaterThan(0);
    for (const value of values) {
      expect(value).not.toBe('true');
      expect(() => loadConfig({ TRUST_PROXY: value }), value).not.toThrow();
    }
    expect(part).not.toMatch(/TRUST_PROXY=true/);
  });

  it('says what HOST=0.0.0.0 exposes where it uses it', () => {
    if (!recipe.includes('HOST=0.0.0.0')) return;
    expect(prose).toMatch(/`HOST=0\.0\.0\.0` listens on\s+every interface/);
  });

  it('sets PUBLIC_URL beside the bot token, which a bot needs to be reached', () => {
    expect(recipe).toMatch(/TELEGRAM_BOT_TOKEN=/);
    expect(recipe).toMatch(/PUBLIC_URL=https:\/\//);
  });
});

describe("the README's Docker cluster", () => {
  const part = section(read('README.md'), '### Deploy with Docker');
  const bullet = /^- \[compose\.cluster\.yaml\][\s\S]*?(?=^- |^$)/m.exec(part)?.[0] ?? '';

  it('names every variable compose.cluster.yaml requires, the bot token and PUBLIC_URL', () => {
    const required = [...read('compose.cluster.yaml').matchAll(/\$\{([A-Z_]+):\?/g)].map((m) => m[1]!);
    expect(required.length).toBeGreaterThan(0);
    for (const name of new Set([...required, 'TELEGRAM_BOT_TOKEN', 'PUBLIC_URL'])) {
      expect(bullet, name).toContain(`\`${name}\``);
    }
  });
});
