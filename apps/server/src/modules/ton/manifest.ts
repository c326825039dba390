/**
 * The TON Connect manifest (https://docs.ton.org/develop/dapps/ton-connect/manifest) at the path
 * the web app hands TON Connect UI, built from PUBLIC_URL: the deploy's own address, name, icon and
 * legal pages. Without PUBLIC_URL (a local run) it names the origin the request came to. Wallets
 * take the domain of a ton_proof from this `url`, so it must be a host the proof check allows
 * (PUBLIC_URL's host, or the loopback names locally).
 */
import { AppError } from '../../errors.ts';
import type { App } from '../../http.ts';

export const TONCONNECT_MANIFEST_PATH = '/tonconnect-manifest.json';
export const TONCONNECT_ICON_PATH = '/tonconnect-icon.png';

export interface TonConnectManifest {
  url: string;
  name: string;
  iconUrl: string;
  termsOfUseUrl: string;
  privacyPolicyUrl: string;
}

export function tonConnectManifest(origin: string): TonConnectManifest {
  return {
    url: origin,
    name: 'Pixel Wall',
    iconUrl: `${origin}${TONCONNECT_ICON_PATH}`,
    termsOfUseUrl: `${origin}/terms`,
    privacyPolicyUrl: `${origin}/privacy`,
  };
}

const HOST =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

export function registerTonConnectManifest(app: App, opts: { publicUrl: string | null }): void {
  const fixed = opts.publicUrl ? tonConnectManifest(new URL(opts.publicUrl).origin) : null;
  app.get(TONCONNECT_MANIFEST_PATH, { config: { auth: 'none' } }, async (req, reply) => {
    let manifest = fixed;
    if (!manifest) {
      if (!HOST.test(req.host)) throw new AppError('BAD_REQUEST', 'The Host header is not a host name.');
      manifest = tonConnectManifest(`${req.protocol}://${req.host}`);
    }
    // Wallets fetch it from their own pages and apps.
    return reply
      .header('Access-Control-Allow-Origin', '*')
      .header('Cross-Origin-Resource-Policy', 'cross-origin')
      .header('Cache-Control', fixed ? 'public, max-age=300' : 'no-cache')
      .send(manifest);
  });
}
