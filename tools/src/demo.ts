/**
 * `npm run demo`: the whole game on this machine with every external service faked on loopback —
 * a fake Telegram Bot API (Stars invoices with a Pay page, webhook updates) and a fake toncenter
 * (TON payments, PX buyback/burn/fund history) and a fake market-data API (PX price) — so a purchase can be played through end to end. Prints a sign-in link signed
 * as Telegram would sign a Mini App launch, and Mini App launch links: the server serves a copy of
 * the built web app (WEB_DIST) that loads the fake Telegram client (fakes/telegram-client.js)
 * first, so a Stars purchase goes through the SDK's invoice and the fake Pay page as in Telegram.
 * The web app is built into the demo's own directory, so a running `npm start` (which serves
 * apps/web/dist) is left alone. Ports: DEMO_PORT (default 8080) for the game, DEMO_BOT_API_PORT,
 * DEMO_TONCENTER_PORT and DEMO_MARKET_DATA_PORT for the fakes (default: any free port).
 */

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

import { webhookSecret } from '../../apps/server/src/integrations/telegram/bot-api.ts';
import { signInitData } from '../../apps/server/src/integrations/telegram/init-data.ts';
import { makeTestWallet } from '../../apps/server/src/integrations/ton/testing.ts';
import { DEMO_PORT_VARIABLES, type DemoPorts, demoPorts, webBuildArgs } from './demo-options.ts';
import { DEMO_PX_COIN, startFakeMarketData } from './fakes/market-data.ts';
import { PX_LEDGER_ENV, seedPxLedgers } from './fakes/px-ledgers.ts';
import { startFakeBotApi } from './fakes/telegram-bot-api.ts';
import { miniAppLaunchUrl, webDistWithTelegramClient } from './fakes/telegram-client.ts';
import { startFakeTonIndexer } from './fakes/ton-indexer.ts';
import { miniAppLaunchData, TOOLS_BOT_TOKEN } from './lib/players.ts';
import { REPO_ROOT, startServer } from './lib/server-process.ts';

/** Whether something already listens on 127.0.0.1:`port` (the demo's server would fail to start). */
function portTaken(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(true));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(false)));
  });
}

let ports: DemoPorts;
try {
  ports = demoPorts(process.env);
} catch (err) {
  console.error((err as Error).message);
  process.exit(2);
}
if (ports.server !== 0 && (await portTaken(ports.server))) {
  console.error(
    `Port ${ports.server} is taken (npm start?): set ${DEMO_PORT_VARIABLES.server} to a free port, or 0 for any.`,
  );
  process.exit(1);
}
const scratch = (name: string) => fs.mkdtempSync(path.join(os.tmpdir(), `pixelwall-demo-${name}-`));
// The demo's own build of the web app, production as `npm run build` makes it.
const webBuild = scratch('build');
try {
  execFileSync('npm', webBuildArgs(webBuild), {
    cwd: REPO_ROOT,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
} catch {
  // Vite has said why above.
  fs.rmSync(webBuild, { recursive: true, force: true });
  console.error('The web app did not build: the demo cannot start.');
  process.exit(1);
}
/** A fake that cannot listen (its pinned port taken) stops the demo with one line naming the variable. */
const listening = <T>(variable: string, starting: Promise<T>): Promise<T> =>
  starting.catch((err: unknown) => {
    console.error(`${(err as Error).message}: set ${variable} to a free port, or 0 for any.`);
    fs.rmSync(webBuild, { recursive: true, force: true });
    process.exit(1);
  });
const v = DEMO_PORT_VARIABLES;
const bot = await listening(
  v.botApi,
  startFakeBotApi({ port: ports.botApi, secretToken: webhookSecret(TOOLS_BOT_TOKEN) }),
);
const indexer = await listening(v.tonIndexer, startFakeTonIndexer({ port: ports.tonIndexer }));
const market = await listening(
  v.marketData,
  startFakeMarketData({ port: ports.marketData, coins: [DEMO_PX_COIN] }),
);
seedPxLedgers(indexer);
const paymentWallet = makeTestWallet().address;
// The demo's copy of the web app with the fake Telegram client; the build itself stays clean.
const webDist = webDistWithTelegramClient(webBuild, scratch('web'), bot.url);
fs.rmSync(webBuild, { recursive: true, force: true });
const server = await startServer({
  ...(ports.server !== 0 ? { port: ports.server } : {}),
  ...(process.env.DATA_DIR ? { dataDir: process.env.DATA_DIR } : {}),
  env: {
    TELEGRAM_BOT_TOKEN: TOOLS_BOT_TOKEN,
    TELEGRAM_API_URL: bot.url,
    TON_INDEXER_URL: indexer.url,
    TON_PAYMENT_WALLET: paymentWallet,
    TON_WATCH_INTERVAL_MS: '2000',
    MARKET_DATA_URL: market.url,
    MARKET_DATA_TOKEN_ID: DEMO_PX_COIN.id,
    ...PX_LEDGER_ENV,
    WEB_DIST: webDist,
    LOG_LEVEL: 'info',
  },
});
bot.webhook.url = `${server.url}/api/v1/telegram/webhook`;

const link = (id: number, name: string) =>
  `${server.url}/?initData=${encodeURIComponent(
    signInitData(
      { auth_date: String(Math.floor(Date.now() / 1000)), user: JSON.stringify({ id, first_name: name }) },
      TOOLS_BOT_TOKEN,
    ),
  )}`;

const miniApp = (id: number, name: string) =>
  miniAppLaunchUrl(server.url, miniAppLaunchData({ id, firstName: name }, TOOLS_BOT_TOKEN), {
    platform: 'tdesktop',
  });

console.info(`
Pixel Wall demo on ${server.url} (data in ${server.dataDir})

Sign in as a Telegram player (each link is valid for a day):
  ${link(100_001, 'Ada')}
  ${link(100_002, 'Bob')}

Open it as a Telegram Mini App (a fake Telegram client plays the app's side; open each in a new tab):
  ${miniApp(100_001, 'Ada')}

Stars: in the Mini App, buy in the shop (/stars) with Stars: the invoice opens the fake Telegram's
       Pay page (${bot.url}) in a popup; Pay, and the item is credited. (A plain web sign-in
       cannot pay with Stars, as outside Telegram.)
TON:   payments go to ${paymentWallet}; record a transfer on the fake chain with
       curl -X POST ${indexer.url}/_fake/ton-transfers -H 'content-type: application/json' \\
         -d '{"from":"<your wallet>","to":"${paymentWallet}","nanotons":"<strAmount>","comment":"<txMemCode>"}'

PX:    /px shows the fake market data (${market.url}) and buyback, burn and fund transfers on the fake chain.

Ctrl+C stops everything.`);

const stop = async () => {
  await server.stop();
  await bot.close();
  await indexer.close();
  await market.close();
  fs.rmSync(webDist, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
