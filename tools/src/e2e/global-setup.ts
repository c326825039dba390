import type { TestProject } from 'vitest/node';
import { webhookSecret } from '../../../apps/server/src/integrations/telegram/bot-api.ts';
import { makeTestWallet } from '../../../apps/server/src/integrations/ton/testing.ts';
import { DEMO_PX_COIN, startFakeMarketData } from '../fakes/market-data.ts';
import { PX_LEDGER_ENV, seedPxLedgers } from '../fakes/px-ledgers.ts';
import { type FakeBotApi, startFakeBotApi } from '../fakes/telegram-bot-api.ts';
import { type FakeTonIndexer, startFakeTonIndexer } from '../fakes/ton-indexer.ts';
import { TOOLS_BOT_TOKEN } from '../lib/players.ts';
import { ensureBuild, freePort, type ServerProcess, startServer } from '../lib/server-process.ts';
import type { E2eFakes } from './shop.e2e.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** a second server configured as in production with a bot token (Telegram sign-in, Stars) */
    telegramUrl: string;
    botToken: string;
    /** PX bought back on the fake chain (the sum of the buyback wallet's incoming transfers) */
    pxBuybackTotal: number;
  }
}

const running: { stop(): Promise<unknown> }[] = [];

/**
 * The browser tests' world, all on loopback, served by the production build (`npm start`'s server):
 * - the game on the embedded default without a bot token (dev sign-in), with TON payments on
 *   against a fake toncenter;
 * - a second game with a bot token whose Bot API is a fake Telegram, for Stars and initData sign-in,
 *   where the players and NFT tests run because their admin (ADMIN_IDS) must sign in by Telegram.
 */
export async function setup(project: TestProject): Promise<void> {
  ensureBuild();
  const indexer: FakeTonIndexer = await startFakeTonIndexer();
  running.push({ stop: () => indexer.close() });
  // PX market figures and buyback/burn/fund history for the /px pages (pages.e2e.ts).
  const market = await startFakeMarketData({ coins: [DEMO_PX_COIN] });
  running.push({ stop: () => market.close() });
  const buybackTotal = seedPxLedgers(indexer);
  const paymentWallet = makeTestWallet().address;
  const common = {
    RATE_LIMIT_IP_PER_MINUTE: '100000',
    RATE_LIMIT_SIGNIN_PER_MINUTE: '100000',
    PAINT_REWARD_ONE_IN: '0',
  };
  const server: ServerProcess = await startServer({
    compiled: true,
    env: {
      ...common,
      TON_INDEXER_URL: indexer.url,
      TON_PAYMENT_WALLET: paymentWallet,
      TON_WATCH_INTERVAL_MS: '1000',
      MARKET_DATA_URL: market.url,
      MARKET_DATA_TOKEN_ID: DEMO_PX_COIN.id,
      ...PX_LEDGER_ENV,
      // /px/buyback states the committed amount only where it is configured (phone.e2e.ts).
      PX_BUYBACK_COMMITTED: '10000000',
    },
  });
  running.push(server);

  const bot: FakeBotApi = await startFakeBotApi({ secretToken: webhookSecret(TOOLS_BOT_TOKEN) });
  running.push({ stop: () => bot.close() });
  const telegramPort = await freePort();
  const telegram = await startServer({
    port: telegramPort,
    compiled: true,
    env: {
      ...common,
      TELEGRAM_BOT_TOKEN: TOOLS_BOT_TOKEN,
      TELEGRAM_API_URL: bot.url,
      // the admin of the players and NFT tests, signed in by Telegram (a dev sign-in is never staff)
      ADMIN_IDS: '7000001',
    },
  });
  running.push(telegram);
  bot.webhook.url = `${telegram.url}/api/v1/telegram/webhook`;

  project.provide('baseUrl', server.url);
  project.provide('telegramUrl', telegram.url);
  project.provide('botToken', TOOLS_BOT_TOKEN);
  project.provide('pxBuybackTotal', buybackTotal);
  const fakes: E2eFakes = {
    botApiUrl: bot.url,
    tonIndexerUrl: indexer.url,
    tonPaymentWallet: paymentWallet,
    tonProofDomain: '127.0.0.1',
    tonNetwork: '-239',
  };
  project.provide('fakes', fakes);
}

export async function teardown(): Promise<void> {
  for (const r of running.reverse()) await r.stop().catch(() => undefined);
}
