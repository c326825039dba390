/**
 * Rewards: the paint rewards (goods drawn on a paint, token actions) and their claims, and the
 * payout job that sends claimed token rewards from the payout wallet (cluster leader only).
 */
import { TON_NETWORK } from '@pixel-wall/shared';
import { type ModuleLog, serverModule } from '../../app/module.ts';
import type { Database } from '../../db/client.ts';
import { createHighloadPayoutService } from '../../integrations/ton/batch-payout.ts';
import { createTonPayoutService } from '../../integrations/ton/payout.ts';
import { serverSecret } from '../../lib/secrets.ts';
import type { TonConfig } from '../ton/config.ts';
import type { TonOrders } from '../ton/service.ts';
import type { UsersService } from '../users/service.ts';
import type { WalletService } from '../wallet/service.ts';
import { createPayoutJob } from './payouts.ts';
import { registerRewardsRoutes } from './routes.ts';
import { createRewardsService } from './service.ts';

export interface RewardsModuleDeps {
  db: Pick<Database, 'query' | 'transaction'>;
  users: Pick<UsersService, 'requirePlayer'>;
  /** PAINT_REWARD_ONE_IN: one paint in this many pays a goods reward; 0 switches it off */
  paintRewardOneIn: number;
  /** seed of the paint-reward draw; default a server secret kept in SQL */
  rewardSeed?: string;
}

export async function createRewardsModule(deps: RewardsModuleDeps) {
  const rewards = createRewardsService({
    db: deps.db,
    users: deps.users,
    paintRewardOneIn: deps.paintRewardOneIn,
    rewardSeed: deps.rewardSeed ?? (await serverSecret(deps.db, 'paint-reward', null)),
  });
  return serverModule({
    name: 'rewards',
    rewards,
    register: (app) => registerRewardsRoutes(app, rewards),
  });
}

export interface PayoutsModuleDeps {
  db: Pick<Database, 'query' | 'transaction'>;
  ton: TonConfig;
  /** what can be paid (the TON module's currencies) */
  orders: Pick<TonOrders, 'currencies'>;
  wallets: Pick<WalletService, 'addressOf'>;
  log: Pick<ModuleLog, 'info' | 'warn' | 'error'>;
}

export async function createPayoutsModule(deps: PayoutsModuleDeps) {
  const { ton } = deps;
  const payouts = createPayoutJob({
    db: deps.db,
    payout: await payoutServiceOf(ton),
    currencies: deps.orders.currencies,
    addressOf: (userId) => deps.wallets.addressOf(userId),
    intervalMs: ton.payout.intervalMs,
    testOnly: ton.network === TON_NETWORK.testnet,
    log: deps.log,
  });
  return serverModule({
    name: 'payouts',
    payouts,
    register: (app) => payouts.register(app),
    lead(leading) {
      if (leading) payouts.start();
      else void payouts.stop();
    },
    stop: () => payouts.stop(),
  });
}

/** The payout wallet the config selects: none without a mnemonic; highload v3 (batches) or v4R2. */
async function payoutServiceOf(ton: TonConfig) {
  const { payout, indexer } = ton;
  if (!payout.mnemonic) return null;
  const api = { baseUrl: indexer.baseUrl, apiKey: indexer.apiKey, timeoutMs: indexer.timeoutMs };
  if (payout.wallet === 'v4r2') return createTonPayoutService({ mnemonic: payout.mnemonic, ...api });
  return createHighloadPayoutService({
    mnemonic: payout.mnemonic,
    subwalletId: payout.subwalletId,
    timeout: payout.timeoutSeconds,
    maxMessages: payout.batchSize,
    ...api,
  });
}
