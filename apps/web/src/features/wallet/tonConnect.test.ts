import type { WalletInfo } from '@tonconnect/ui-react';
import { describe, expect, it, vi } from 'vitest';
import { createTonConnectConnector, injectedOf, miniAppReturnUrl, type ReturnUrl } from './tonConnect.ts';

const made = vi.hoisted(() => [] as { options: unknown; uiOptions: unknown[] }[]);
vi.mock('@tonconnect/ui-react', () => ({
  TonConnectUI: class {
    readonly record: { options: unknown; uiOptions: unknown[] };
    wallet = null;
    connectionRestored = Promise.resolve(false);
    constructor(options: unknown) {
      this.record = { options, uiOptions: [] };
      made.push(this.record);
    }
    set uiOptions(value: unknown) {
      this.record.uiOptions.push(value);
    }
    onStatusChange() {
      return () => {};
    }
  },
}));

const base = { appName: 'w', imageUrl: 'i.png', aboutUrl: '', platforms: ['ios' as const] };
const remote = { universalLink: 'https://w.example/tc', bridgeUrl: 'https://w.example/bridge' };

describe('injectedOf', () => {
  it('keeps the wallets injected into the page, but not the one whose own browser this is', () => {
    const list: WalletInfo[] = [
      { ...base, ...remote, name: 'Remote only' },
      { ...base, ...remote, name: 'Not here', jsBridgeKey: 'absent', injected: false, embedded: false },
      { ...base, ...remote, name: 'Tonkeeper', jsBridgeKey: 'tonkeeper', injected: true, embedded: false },
      { ...base, name: 'Extension', jsBridgeKey: 'ext', injected: true, embedded: false },
      { ...base, ...remote, name: 'Host', jsBridgeKey: 'host', injected: true, embedded: true },
    ];
    expect(injectedOf(list)).toEqual([
      { key: 'tonkeeper', name: 'Tonkeeper', imageUrl: 'i.png' },
      { key: 'ext', name: 'Extension', imageUrl: 'i.png' },
    ]);
  });
});

describe('the Mini App return link', () => {
  it('is the bot’s main Mini App link, or nothing without a bot username', () => {
    expect(miniAppReturnUrl('PixelWallBot')).toBe('https://t.me/PixelWallBot?startapp');
    expect(miniAppReturnUrl(null)).toBeNull();
    expect(miniAppReturnUrl('bad name')).toBeNull();
  });

  it('reaches TON Connect UI as twaReturnUrl, also when it is known only after TON Connect loaded', async () => {
    let url: ReturnUrl | null = null;
    const connector = createTonConnectConnector({ origin: 'https://wall.example', returnUrl: () => url });
    await connector.current();
    expect(made).toHaveLength(1);
    expect(made[0]!.options).toMatchObject({ manifestUrl: 'https://wall.example/tonconnect-manifest.json' });
    expect(made[0]!.uiOptions).toEqual([]);
    url = miniAppReturnUrl('PixelWallBot');
    await connector.current();
    await connector.current();
    expect(made[0]!.uiOptions).toEqual([
      { actionsConfiguration: { twaReturnUrl: 'https://t.me/PixelWallBot?startapp' } },
    ]);
  });
});
