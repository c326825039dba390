import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpConnection, type HttpReply, ReplyReader } from './http-client.ts';

function reply(status: number, body: string, extra = ''): string {
  return `HTTP/1.1 ${status} X\r\nContent-Type: application/json\r\n${extra}Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
}

describe('ReplyReader', () => {
  it('reads replies split anywhere and several in one chunk', () => {
    const got: [HttpReply, boolean][] = [];
    const reader = new ReplyReader((r, close) => got.push([r, close]));
    const bytes = Buffer.from(
      reply(200, '{"ok":true}') + reply(409, '{"error":{"code":"NO_CHARGES"}}', 'Connection: close\r\n'),
    );
    for (let i = 0; i < bytes.length; i += 7) expect(reader.push(bytes.subarray(i, i + 7))).toBeNull();
    expect(got).toEqual([
      [{ status: 200, text: '{"ok":true}' }, false],
      [{ status: 409, text: '{"error":{"code":"NO_CHARGES"}}' }, true],
    ]);
  });

  it('counts the body in bytes, not characters', () => {
    const got: HttpReply[] = [];
    const reader = new ReplyReader((r) => got.push(r));
    expect(reader.push(Buffer.from(reply(400, '{"message":"Заряды"}') + reply(200, '{}')))).toBeNull();
    expect(got).toEqual([
      { status: 400, text: '{"message":"Заряды"}' },
      { status: 200, text: '{}' },
    ]);
  });

  it('refuses what it cannot delimit', () => {
    const reader = () => new ReplyReader(() => {});
    expect(
      reader().push(Buffer.from('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n')),
    ).toMatch(/chunked/);
    expect(reader().push(Buffer.from('HTTP/1.1 200 OK\r\n\r\n'))).toMatch(/without content-length/);
    expect(reader().push(Buffer.from('SSH-2.0-OpenSSH\r\n\r\n'))).toMatch(/not an HTTP\/1 reply/);
    expect(reader().push(Buffer.from('HTTP/1.1 200 OK\r\nContent-Length: -3\r\n\r\n'))).toMatch(
      /bad content-length/,
    );
  });
});

describe('HttpConnection against node:http', () => {
  let server: http.Server | null = null;
  afterEach(() => new Promise<void>((r) => (server ? server.close(() => r()) : r())));

  async function start(handler: http.RequestListener): Promise<URL> {
    server = http.createServer(handler);
    await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
    return new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  }

  it('sends method, path, headers and body, and keeps one connection alive', async () => {
    const seen: { method?: string; url?: string; auth?: string; body: string; port: number }[] = [];
    const url = await start((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        seen.push({
          method: req.method,
          url: req.url,
          auth: req.headers.authorization,
          body,
          port: req.socket.remotePort!,
        });
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ echo: body }));
      });
    });
    const conn = new HttpConnection(url);
    for (const n of [1, 2, 3]) {
      const r = await conn.request('POST', '/p?x=1', 'authorization: Bearer t\r\n', `{"n":${n}}`);
      expect(r).toEqual({ status: 200, text: JSON.stringify({ echo: `{"n":${n}}` }) });
    }
    conn.close();
    expect(seen.map((s) => [s.method, s.url, s.auth, s.body])).toEqual([
      ['POST', '/p?x=1', 'Bearer t', '{"n":1}'],
      ['POST', '/p?x=1', 'Bearer t', '{"n":2}'],
      ['POST', '/p?x=1', 'Bearer t', '{"n":3}'],
    ]);
    expect(new Set(seen.map((s) => s.port)).size).toBe(1);
  });

  it('opens a new connection after the server closes one', async () => {
    const ports: number[] = [];
    const url = await start((req, res) => {
      ports.push(req.socket.remotePort!);
      res.setHeader('connection', 'close');
      res.statusCode = 429;
      res.end('{"error":{"code":"RATE_LIMITED"}}');
    });
    const conn = new HttpConnection(url);
    expect(await conn.request('POST', '/', '', '{}')).toEqual({
      status: 429,
      text: '{"error":{"code":"RATE_LIMITED"}}',
    });
    expect((await conn.request('POST', '/', '', '{}')).status).toBe(429);
    conn.close();
    expect(ports).toHaveLength(2);
    expect(ports[0]).not.toBe(ports[1]);
  });

  it('answers status 0 with the reason when nothing listens', async () => {
    const url = await start(() => {});
    await new Promise<void>((r) => server!.close(() => r()));
    server = null;
    const r = await new HttpConnection(url).request('GET', '/', '', '');
    expect(r.status).toBe(0);
    expect(r.text).toMatch(/ECONNREFUSED/);
  });
});
