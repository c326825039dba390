/**
 * Mining: PX mined over time, the boosts bought with it (they raise a player's charge rules, which
 * the engine reads from here, so this module comes before the engine) and the secret-word quest.
 */
import type { ChargeRules } from '@pixel-wall/shared';
import { serverModule } from '../../app/module.ts';
import type { Database } from '../../db/client.ts';
import type { PlayerCaches } from '../../lib/player-caches.ts';
import type { Redis } from '../../lib/redis.ts';
import type { UsersService } from '../users/service.ts';
import { registerMiningRoutes } from './routes.ts';
import { createMiningService } from './service.ts';

export interface MiningModuleDeps {
  db: Pick<Database, 'query' | 'transaction'>;
  users: Pick<UsersService, 'requirePlayer'>;
  /** boost levels register there; an upgrade is announced there */
  caches?: PlayerCaches;
  /** MINING_PX_PER_SECOND, MINING_MAX_SECONDS */
  mining: { pxPerSecond: number; maxSeconds: number };
  /** SECRET_WORD; null switches the quest off */
  secretWord: string | null;
  /** cluster mode: the secret-word guess limit counts here, for every instance */
  redis?: Redis | null;
  prefix?: string;
  /** the secret-word guess limit (tests); default in service.ts */
  guesses?: { burst: number; everySeconds: number };
  /** START_CHARGES / RECHARGE_SECONDS: the rules at level 0 */
  baseRules?: ChargeRules;
  now?: () => number;
}

export function createMiningModule(deps: MiningModuleDeps) {
  const mining = createMiningService({
    db: deps.db,
    users: deps.users,
    pxPerSecond: deps.mining.pxPerSecond,
    maxSeconds: deps.mining.maxSeconds,
    secretWord: deps.secretWord,
    redis: deps.redis ?? null,
    prefix: deps.prefix,
    guesses: deps.guesses,
    baseRules: deps.baseRules,
    now: deps.now,
    caches: deps.caches,
  });
  return serverModule({
    name: 'mining',
    mining,
    register: (app) => registerMiningRoutes(app, mining),
  });
}
