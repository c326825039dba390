import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  createTestStore,
  type RunningApp,
  startApp,
  type TestStore,
  testConfig,
} from '../testing/harness.ts';
import { tokenOf } from './ws-route.ts';

/** Sends an upgrade request on a bare socket; resolves with all the server wrote until it closed. */
function rawUpgrade(baseUrl: string, path: string): Promise<string> {
  const u = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: u.hostname, port: Number(u.port) });
    const chunks: Buffer[] = [];
    socket.on('data', (d) => chunks.push(d));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(chunks).toString()));
    socket.write(
      `GET ${path} HTTP/1.1\r\nHost: ${u.host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
        `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
    );
  });
}

describe('tokenOf', () => {
  it('reads one token, and treats none, an empty one or two as a guest', () => {
    expect(tokenOf('/ws')).toBeNull();
    expect(tokenOf('/ws?token=abc%2Bd')).toBe('abc+d');
    expect(tokenOf('/ws?x=1&token=t')).toBe('t');
    expect(tokenOf('/ws?token=')).toBeNull();
    expect(tokenOf('/ws?token=a&token=b')).toBeNull();
  });
});

describe('websocket upgrades', () => {
  let store: TestStore;
  let run: RunningApp;
  const limit = 40;

  beforeAll(async () => {
    store = await createTestStore('pglite');
    run = await startApp(store, testConfig({ RATE_LIMIT_IP_PER_MINUTE: String(limit) }));
  });
  afterAll(async () => {
    await run?.stop();
    await store?.dispose();
  });

  it('answers an upgrade of another address over HTTP, in the error format, and ends the connection', async () => {
    const answer = await rawUpgrade(run.baseUrl, '/api/v1/nothing-here');
    expect(answer).toMatch(/^HTTP\/1\.1 404 /);
    expect(answer).toContain('"code":"NOT_FOUND"');
  });

  it('refuses a malformed handshake with 400 and ends the connection', async () => {
    const u = new URL(run.baseUrl);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect({ host: u.hostname, port: Number(u.port) });
      let text = '';
      socket.on('data', (d) => (text += d.toString()));
      socket.on('error', reject);
      socket.on('close', () => resolve(text));
      // No Sec-WebSocket-Key.
      socket.write(
        `GET /ws HTTP/1.1\r\nHost: ${u.host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n\r\n`,
      );
    });
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
  });

  it('counts upgrades of /ws against the per-address limit and refuses the excess with 429', async () => {
    const opened: WebSocket[] = [];
    let refused = '';
    for (let i = 0; i < limit + 5 && refused === ''; i++) {
      const ws = new WebSocket(`${run.wsUrl}/ws`);
      const outcome = await new Promise<string>((resolve) => {
        ws.once('open', () => resolve('open'));
        ws.once('unexpected-response', (_req, res) => {
          let body = '';
          res.on('data', (d: Buffer) => (body += d.toString()));
          res.on('end', () => resolve(`${res.statusCode} ${res.headers['retry-after'] ?? ''} ${body}`));
        });
        ws.once('error', () => undefined);
      });
      if (outcome === 'open') opened.push(ws);
      else refused = outcome;
    }
    for (const ws of opened) ws.terminate();
    // The earlier tests' requests count too: fewer than `limit` opened.
    expect(opened.length).toBeGreaterThan(0);
    expect(opened.length).toBeLessThanOrEqual(limit);
    expect(refused).toMatch(/^429 \d+ /);
    expect(refused).toContain('"code":"RATE_LIMITED"');
  });
});

describe('websocket shutdown', () => {
  it('closes open sockets with 1001 (going away) when the server stops', async () => {
    const store = await createTestStore('pglite');
    const run = await startApp(store);
    try {
      const ws = new WebSocket(`${run.wsUrl}/ws`);
      await new Promise((resolve, reject) => {
        ws.once('open', resolve);
        ws.once('error', reject);
      });
      const closed = new Promise<number>((resolve) => ws.once('close', resolve));
      const stopping = run.stop();
      expect(await closed).toBe(1001);
      await stopping;
    } finally {
      await store.dispose();
    }
  });
});
