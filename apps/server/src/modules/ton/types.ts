/**
 * What the TON payment side needs from the shop, and which currencies it can take.
 * This module never touches the shop's tables: it creates orders through the shop's service and
 * reports observed payments to it.
 */
import { CURRENCIES, CurrencyId } from '@pixel-wall/shared';
import { normalizeTonAddress } from '../../integrations/ton/address.ts';
import type { CreateOrderInput, FulfilInput, FulfilResult, Order } from '../shop/index.ts';

/**
 * The shop's order service (modules/shop `orders`): creates orders priced from the catalogue, and
 * fulfils one from a payment exactly once per payment id ('duplicate' for a repeat).
 */
export interface ShopOrders {
  createOrder(input: CreateOrderInput): Promise<Order>;
  fulfil(input: FulfilInput): Promise<FulfilResult>;
}

export type FulfilOutcome = FulfilResult['status'];

export interface TonCurrency {
  id: number;
  code: string;
  decimals: number;
  /** raw address of the jetton master; null for TON itself */
  jettonMaster: string | null;
}

/**
 * TON and every jetton of the catalogue whose master is known, keyed by currency id. An operator
 * may override masters (a testnet deployment has other ones); a master that does not parse drops
 * that currency rather than accepting payments we cannot attribute.
 */
export function tonCurrencies(overrides: Readonly<Record<number, string>> = {}): Map<number, TonCurrency> {
  const out = new Map<number, TonCurrency>();
  for (const c of CURRENCIES) {
    if (c.id === CurrencyId.TON) {
      out.set(c.id, { id: c.id, code: c.code, decimals: c.decimals, jettonMaster: null });
      continue;
    }
    if (!c.isJetton) continue;
    const master = normalizeTonAddress(overrides[c.id] ?? c.jettonMaster ?? '');
    if (master) out.set(c.id, { id: c.id, code: c.code, decimals: c.decimals, jettonMaster: master });
  }
  return out;
}

/** `TON_JETTON_MASTERS` text: `3=EQ…,4=EQ…` → { 3: 'EQ…', 4: 'EQ…' }. Throws on a malformed entry. */
export function parseJettonMasterOverrides(text: string | null | undefined): Record<number, string> {
  const out: Record<number, string> = {};
  for (const part of (text ?? '').split(',')) {
    const entry = part.trim();
    if (!entry) continue;
    const m = /^(\d{1,2})\s*=\s*(\S{1,128})$/.exec(entry);
    if (!m || !normalizeTonAddress(m[2]!)) throw new Error(`bad jetton master entry '${entry}'`);
    out[Number(m[1])] = m[2]!;
  }
  return out;
}
