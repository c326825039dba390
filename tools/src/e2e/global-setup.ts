import type { TestProject } from 'vitest/node';
import { type ServerProcess, startServer } from '../lib/server-process.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

let server: ServerProcess | null = null;

/** One server for the browser tests: embedded default, no bot token (dev sign-in on loopback). */
export async function setup(project: TestProject): Promise<void> {
  server = await startServer({ env: { RATE_LIMIT_IP_PER_MINUTE: '100000' } });
  project.provide('baseUrl', server.url);
}

export async function teardown(): Promise<void> {
  await server?.stop();
}
