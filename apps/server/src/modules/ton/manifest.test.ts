import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { AppError } from '../../errors.ts';
import type { App } from '../../http.ts';
import { registerTonConnectManifest, TONCONNECT_MANIFEST_PATH } from './manifest.ts';

async function appWith(publicUrl: string | null) {
  const app = Fastify();
  app.setErrorHandler((err, _req, reply) =>
    reply
      .code(err instanceof AppError ? err.status : 500)
      .send({ error: { code: (err as AppError).code, message: (err as Error).message } }),
  );
  registerTonConnectManifest(app as unknown as App, { publicUrl });
  await app.ready();
  return app;
}

describe('the TON Connect manifest', () => {
  it('names this deploy from PUBLIC_URL, whatever host the request came to', async () => {
    const app = await appWith('https://wall.example/some/path');
    const res = await app.inject({ url: TONCONNECT_MANIFEST_PATH, headers: { host: 'other.example' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      url: 'https://wall.example',
      name: 'Pixel Wall',
      iconUrl: 'https://wall.example/tonconnect-icon.png',
      termsOfUseUrl: 'https://wall.example/terms',
      privacyPolicyUrl: 'https://wall.example/privacy',
    });
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });

  it('names the request origin without PUBLIC_URL', async () => {
    const app = await appWith(null);
    const res = await app.inject({ url: TONCONNECT_MANIFEST_PATH, headers: { host: '127.0.0.1:8080' } });
    expect(res.json()).toMatchObject({
      url: 'http://127.0.0.1:8080',
      iconUrl: 'http://127.0.0.1:8080/tonconnect-icon.png',
    });
  });

  it('refuses a Host header that is no host name', async () => {
    const app = await appWith(null);
    const res = await app.inject({ url: TONCONNECT_MANIFEST_PATH, headers: { host: 'evil.example/"><x' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 'BAD_REQUEST' } });
  });

  it.each([
    ['a PUBLIC_URL', { PUBLIC_URL: 'https://wall.example' }, 'wall.example'],
    ['a PUBLIC_URL with a port', { PUBLIC_URL: 'https://wall.example:8443' }, 'wall.example:8443'],
    ['no PUBLIC_URL (a local run)', { PORT: '8080' }, '127.0.0.1:8080'],
  ])('names a host the ton_proof check allows, with %s', async (_name, env, host) => {
    const config = loadConfig(env);
    const app = await appWith(config.publicUrl);
    const res = await app.inject({ url: TONCONNECT_MANIFEST_PATH, headers: { host: '127.0.0.1:8080' } });
    // Wallets put the manifest url's host into the proof's domain.
    const named = new URL(res.json<{ url: string }>().url).host;
    expect(named).toBe(host);
    expect(config.ton.allowedDomains).toContain(named);
  });
});
