/**
 * What every fake server here does around its own routes: listen on a loopback port, close with
 * its keep-alive connections, and run standalone (`node --import tsx tools/src/fakes/<name>.ts`)
 * until SIGINT or SIGTERM.
 */
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';

/** Listens on `port` (0: any free one) and `host`; resolves with the base URL. */
export async function listen(server: http.Server, port = 0, host = '127.0.0.1'): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const addr = server.address() as AddressInfo;
  return `http://${addr.family === 'IPv6' ? `[${addr.address}]` : addr.address}:${addr.port}`;
}

/** Closes the server and the keep-alive connections that would hold it open. */
export function closeServer(server: http.Server): Promise<void> {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
}

/**
 * A port from the environment: `name`'s value (`0`: any free one), else `fallback` when unset or
 * empty. Anything but a whole number from 0 to 65535 is refused with a message naming the variable.
 */
export function envPort(
  env: Readonly<Record<string, string | undefined>>,
  name: string,
  fallback: number,
): number {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  const port = /^\d{1,5}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!(port >= 0 && port <= 65_535)) {
    throw new Error(`${name}: wants a port from 0 to 65535 (0: any free one), got ${JSON.stringify(raw)}`);
  }
  return port;
}

/** `--name value` from the command line. */
export function argValue(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

/**
 * When `moduleUrl` is the script node was started with: starts the fake, lets `announce` print how
 * to use it, and closes it on SIGINT or SIGTERM.
 */
export async function runStandalone<T extends { close(): Promise<void> }>(
  moduleUrl: string,
  start: () => Promise<T>,
  announce: (fake: T) => void,
): Promise<void> {
  if (!process.argv[1] || moduleUrl !== pathToFileURL(process.argv[1]).href) return;
  const fake = await start();
  announce(fake);
  const stop = () => void fake.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
