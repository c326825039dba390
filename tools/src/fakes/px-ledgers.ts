/**
 * PX buyback, burn and fund history on the fake toncenter, for the demo and the browser tests:
 * three wallets and their PX jetton transfers, recorded through the fake's own control API.
 */
import { CURRENCIES, CurrencyId } from '@pixel-wall/shared';
import type { FakeTonIndexer } from './ton-indexer.ts';

export const PX_WALLETS = {
  buyback: '0:b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0',
  burn: '0:0000000000000000000000000000000000000000000000000000000000000000',
  fund: '0:f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0',
} as const;

const MARKET_MAKER = '0:a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1';
const TREASURY = '0:c2c2c2c2c2c2c2c2c2c2c2c2c2c2c2c2c2c2c2c2c2c2c2c2c2c2c2c2c2c2c2c2';
const PX_MASTER = CURRENCIES.find((c) => c.id === CurrencyId.PX)!.jettonMaster!;
const NANO = 1_000_000_000n;
const DAY = 86_400;

/** The env the server needs to list these wallets. */
export const PX_LEDGER_ENV = {
  PX_BUYBACK_WALLET: PX_WALLETS.buyback,
  PX_BURN_WALLET: PX_WALLETS.burn,
  PX_FUND_WALLET: PX_WALLETS.fund,
};

/** Records the history; returns the buyback total in PX (the sum of its incoming transfers). */
export function seedPxLedgers(
  indexer: Pick<FakeTonIndexer, 'addJettonTransfer'>,
  now = Math.floor(Date.now() / 1000),
): number {
  const buybacks = [1_250_000n, 980_000n, 1_430_000n, 1_105_000n];
  buybacks.forEach((px, i) => {
    indexer.addJettonTransfer({
      from: MARKET_MAKER,
      to: PX_WALLETS.buyback,
      jettonMaster: PX_MASTER,
      amount: px * NANO,
      comment: `Buyback week ${i + 1}`,
      utime: now - (buybacks.length - i) * 7 * DAY,
    });
  });
  // Part of the buyback moved to the burn address: shown as negative on the buyback list.
  indexer.addJettonTransfer({
    from: PX_WALLETS.buyback,
    to: TREASURY,
    jettonMaster: PX_MASTER,
    amount: 300_000n * NANO,
    comment: 'To liquidity',
    utime: now - 2 * DAY,
  });
  indexer.addJettonTransfer({
    from: TREASURY,
    to: PX_WALLETS.burn,
    jettonMaster: PX_MASTER,
    amount: 5_000_000n * NANO,
    comment: 'Burn',
    utime: now - 40 * DAY,
  });
  indexer.addJettonTransfer({
    from: TREASURY,
    to: PX_WALLETS.fund,
    jettonMaster: PX_MASTER,
    amount: 5_000_000n * NANO,
    comment: 'Fund',
    utime: now - 45 * DAY,
  });
  return Number(buybacks.reduce((a, b) => a + b, 0n));
}
