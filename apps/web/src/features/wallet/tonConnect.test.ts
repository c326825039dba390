import type { WalletInfo } from '@tonconnect/ui-react';
import { describe, expect, it } from 'vitest';
import { injectedOf } from './tonConnect.ts';

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
