import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT, SERVER_ENV, SERVER_NODE_ARGS } from './server-process.ts';

describe('SERVER_NODE_ARGS', () => {
  it('are the flags npm start (npm run serve) and npm run dev start the server with', () => {
    const scripts = (
      JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
        scripts: Record<string, string>;
      }
    ).scripts;
    for (const name of ['serve', 'dev']) {
      const line = scripts[name]!;
      const node = line.slice(line.lastIndexOf('node '));
      const flags = node
        .split(/\s+/)
        .filter((w) => w.startsWith('--') && w !== '--import' && w !== '--watch');
      expect(flags, name).toEqual(SERVER_NODE_ARGS);
    }
  });
});

describe('SERVER_ENV', () => {
  it('is the environment npm run serve starts the server with (env NAME=value node ...)', () => {
    const serve = (
      JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
        scripts: Record<string, string>;
      }
    ).scripts.serve!;
    const words = serve.split(/\s+/);
    expect(words[0]).toBe('env');
    const assignments = words.slice(1, words.indexOf('node'));
    expect(
      Object.fromEntries(assignments.map((a) => [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)])),
    ).toEqual(SERVER_ENV);
  });
});
