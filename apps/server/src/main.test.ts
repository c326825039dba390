import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { dbKinds } from './testing/harness.ts';

const kinds = await dbKinds();
const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));

/** Runs the server as an operator would, and collects how it ended. */
function runServer(
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
      env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'silent', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe.runIf(kinds.includes('postgres'))('the server refusing to start', () => {
  it('on a DATABASE_URL whose database was never created: one line on stderr, exit code 2', async () => {
    const name = `pw_missing_${randomBytes(4).toString('hex')}`;
    const url = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
    url.pathname = `/${name}`;
    const { code, stdout, stderr } = await runServer({ DATABASE_URL: url.toString() });
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr.trim().split('\n')).toEqual([expect.stringContaining(`database "${name}" does not exist`)]);
    expect(stderr).not.toMatch(/\n\s+at /);
  }, 60_000);
});
