/**
 * Test support: a POST written by hand on a raw socket, its head at once and its body only as the
 * test sends it, so a test can see what the server answers before (or while) a body arrives.
 */
import type net from 'node:net';
import { connect } from 'node:net';
import type { App } from '../http.ts';

export interface RawPost {
  /** the first bytes of the answer */
  answered: Promise<string>;
  /** everything the server sent, once it closed the connection */
  closed: Promise<string>;
  write(bytes: string | Buffer): void;
  destroy(): void;
}

export function rawPost(
  app: App,
  path: string,
  headers: Record<string, string | number>,
  length: number,
): RawPost {
  const { port } = app.server.address() as net.AddressInfo;
  const sock = connect(port, '127.0.0.1');
  sock.on('error', () => {});
  let text = '';
  let answer: (s: string) => void = () => {};
  const answered = new Promise<string>((resolve) => {
    answer = resolve;
  });
  sock.on('data', (d: Buffer) => {
    text += d.toString('latin1');
    answer(text);
  });
  const closed = new Promise<string>((resolve) => sock.on('close', () => resolve(text)));
  const head = Object.entries({ host: '127.0.0.1', ...headers })
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('');
  sock.write(`POST ${path} HTTP/1.1\r\n${head}content-length: ${length}\r\n\r\n`);
  return { answered, closed, write: (bytes) => sock.write(bytes), destroy: () => sock.destroy() };
}
