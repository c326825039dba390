/**
 * The optional services a deploy may leave unconfigured, each with the variable that turns it on.
 * The start logs one info line per service that is off; its routes then answer 503 with
 * `details.configured` false and log nothing per request.
 */
import type { Config } from '../config.ts';

export interface ServiceOff {
  service: string;
  variable: string;
}

export function servicesOff(config: Config): ServiceOff[] {
  const off: ServiceOff[] = [];
  const add = (on: unknown, service: string, variable: string) => {
    if (on === null || on === '') off.push({ service, variable });
  };
  add(config.telegram.botToken, 'Stars payments', 'TELEGRAM_BOT_TOKEN');
  add(config.ton.paymentWallet, 'TON payments', 'TON_PAYMENT_WALLET');
  add(config.ton.payout.mnemonic, 'PX reward payouts', 'TON_PAYOUT_MNEMONIC or TON_PAYOUT_MNEMONIC_FILE');
  add(config.market.provider.tokenId, 'PX market data', 'MARKET_DATA_TOKEN_ID');
  add(config.market.wallets.buyback, 'the PX buyback history', 'PX_BUYBACK_WALLET');
  add(config.market.wallets.burn, 'the PX burn history', 'PX_BURN_WALLET');
  add(config.market.wallets.fund, 'the PX fund history', 'PX_FUND_WALLET');
  add(config.nft.collection, 'NFT minting', 'NFT_COLLECTION_ADDRESS');
  return off;
}
