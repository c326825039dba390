/**
 * The PX token's published figures (SPEC §9) and the schemas of the /px data calls: market data
 * from a market-data provider, and the buyback, burn and fund ledgers read from the TON indexer.
 */
import { z } from 'zod';

/** Supply at the token generation event. */
export const PX_TGE_SUPPLY = 250_000_000;
/** PX burned since TGE: the second row of the NOW view. */
export const PX_BURNED = 5_000_000;
/** PX set aside for the fund. */
export const PX_FUND = 5_000_000;
/** The buyback is shown as a share of this supply. */
export const PX_BUYBACK_BASE = 245_000_000;

export const TOKENOMICS_VIEWS = ['tge', 'now'] as const;
export type TokenomicsView = (typeof TOKENOMICS_VIEWS)[number];

export const TOKENOMICS_SHARES = ['miners', 'team', 'marketing', 'liquidity', 'fund', 'buyback'] as const;
export type TokenomicsShare = (typeof TOKENOMICS_SHARES)[number];

export interface TokenomicsSlice {
  key: TokenomicsShare;
  /** percent of the supply */
  percent: number;
}

/** The split at TGE: 80 / 8 / 7 / 5. */
export const TOKENOMICS_TGE: readonly TokenomicsSlice[] = [
  { key: 'miners', percent: 80 },
  { key: 'team', percent: 8 },
  { key: 'marketing', percent: 7 },
  { key: 'liquidity', percent: 5 },
];

/** The split now: 74.53 / 8.16 / 7.14 / 5.1 / 2.04 / 3.03. */
export const TOKENOMICS_NOW: readonly TokenomicsSlice[] = [
  { key: 'miners', percent: 74.53 },
  { key: 'team', percent: 8.16 },
  { key: 'marketing', percent: 7.14 },
  { key: 'liquidity', percent: 5.1 },
  { key: 'fund', percent: 2.04 },
  { key: 'buyback', percent: 3.03 },
];

export function tokenomicsOf(view: TokenomicsView): readonly TokenomicsSlice[] {
  return view === 'tge' ? TOKENOMICS_TGE : TOKENOMICS_NOW;
}

/** Percent total of a split, rounded to hundredths (both views add up to 100). */
export function tokenomicsTotal(slices: readonly TokenomicsSlice[]): number {
  return Math.round(slices.reduce((sum, s) => sum + s.percent * 100, 0)) / 100;
}

const amount = z.number().finite().min(0).max(1e15);

/** GET /history/px/stats: the token's market figures in US dollars (SPEC §3 token stats). */
export const tokenStatsSchema = z.object({
  price: amount,
  /** null when the provider does not know it (never a made-up zero) */
  market_cap: amount.nullable(),
  volume: amount.nullable(),
  supply: amount.nullable(),
  /** when the provider last reported, ISO time */
  updatedAt: z.string().max(40),
});
export type TokenStats = z.infer<typeof tokenStatsSchema>;

export const PX_LEDGERS = ['buyback', 'burn', 'fund'] as const;
export type PxLedgerKind = (typeof PX_LEDGERS)[number];
export const pxLedgerParams = z.object({ kind: z.enum(PX_LEDGERS) });

/** One PX transfer of a ledger wallet (SPEC §3 transaction list item). */
export const pxTransactionSchema = z.object({
  /** PX; positive into the wallet, negative out of it */
  amount: z.number().finite().min(-1e15).max(1e15),
  /** ISO time */
  date: z.string().max(40),
  /** explorer link to the transaction */
  url: z.string().max(512),
  /** the transfer's comment, or '' */
  name: z.string().max(256),
});
export type PxTransaction = z.infer<typeof pxTransactionSchema>;

/** GET /px/ledger/{kind}: a wallet's PX transfers, newest first, and their total. */
export const pxLedgerSchema = z.object({
  kind: z.enum(PX_LEDGERS),
  /** the wallet, user-friendly form */
  wallet: z.string().max(128),
  walletUrl: z.string().max(512),
  /** the sum of the positive entries, in PX */
  total: z.number().finite().min(0).max(1e15),
  items: z.array(pxTransactionSchema).max(500),
});
export type PxLedger = z.infer<typeof pxLedgerSchema>;

/** The buyback total as a percent of PX_BUYBACK_BASE, to two decimals. */
export function buybackPercent(total: number): number {
  return Math.round((total / PX_BUYBACK_BASE) * 10_000) / 100;
}

/** A ledger's total: the sum of its positive entries (outgoing transfers do not count). */
export function ledgerTotal(items: readonly Pick<PxTransaction, 'amount'>[]): number {
  return items.reduce((sum, item) => (item.amount > 0 ? sum + item.amount : sum), 0);
}
