/** Where PX lives outside the game: market-data sites and swap exchanges, by its jetton master. */
import { CURRENCIES, CurrencyId } from '@pixel-wall/shared/core';

export const PX_MASTER: string = CURRENCIES.find((c) => c.id === CurrencyId.PX)?.jettonMaster ?? '';

const master = encodeURIComponent(PX_MASTER);

export interface ExternalLink {
  id: string;
  name: string;
  url: string;
}

/** Two market-data sites (SPEC §2 token tab). */
export const MARKET_SITES: readonly ExternalLink[] = [
  { id: 'geckoterminal', name: 'GeckoTerminal', url: `https://www.geckoterminal.com/ton/tokens/${master}` },
  { id: 'dexscreener', name: 'DEX Screener', url: `https://dexscreener.com/ton/${master}` },
];

/** Three swap exchanges (SPEC §2 get tab). */
export const EXCHANGES: readonly ExternalLink[] = [
  { id: 'stonfi', name: 'STON.fi', url: `https://app.ston.fi/swap?ft=TON&tt=${master}` },
  { id: 'dedust', name: 'DeDust', url: `https://dedust.io/swap/TON/${master}` },
  { id: 'tonco', name: 'TONCO', url: `https://app.tonco.io/#/swap?from=TON&to=${master}` },
];

export const TON_SITE = 'https://ton.org';
export const OPEN_LEAGUE_URL = 'https://ton.org/open-league';
