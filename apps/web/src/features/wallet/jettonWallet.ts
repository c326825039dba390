/**
 * The player's wallet of a jetton (SPEC §7: read from a public TON API). toncenter's v3 index
 * answers it; testnet addresses ask the testnet index.
 */
import { parseTonAddress } from './boc.ts';

export const TONCENTER_MAINNET = 'https://toncenter.com';
export const TONCENTER_TESTNET = 'https://testnet.toncenter.com';

interface JettonWalletsPage {
  jetton_wallets?: { address?: unknown }[];
}

export async function findJettonWallet(
  owner: string,
  jettonMaster: string,
  fetchFn: typeof fetch = (input, init) => fetch(input, init),
): Promise<string | null> {
  const base = parseTonAddress(jettonMaster)?.testOnly ? TONCENTER_TESTNET : TONCENTER_MAINNET;
  const query = new URLSearchParams({ owner_address: owner, jetton_address: jettonMaster, limit: '1' });
  try {
    const response = await fetchFn(`${base}/api/v3/jetton/wallets?${query}`, {
      headers: { Accept: 'application/json' },
    });
    if (!response.ok) return null;
    const page = (await response.json()) as JettonWalletsPage;
    const address = page.jetton_wallets?.[0]?.address;
    return typeof address === 'string' && parseTonAddress(address) ? address : null;
  } catch {
    return null;
  }
}
