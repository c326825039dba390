/**
 * Which module owns each table of the migrations. A module's SQL (its `store.ts`, and the few
 * statement builders beside it) touches only the tables it owns; it reads or changes another
 * module's rows by calling that module's store (`modules/users/store.ts` for players, …).
 * `owners.test.ts` fails when a module's SQL names a table it does not own, or a migration adds a
 * table missing here.
 *
 * Outside the modules: the group commit (engine/committer.ts) writes the paint path's tables —
 * pixels, pixel_overwrites, counters, and the repaint, window and charge columns of
 * users and squads — in one batch per commit; lib/secrets.ts keeps app_secrets.
 *
 *   users                      users
 *   squads                     squads
 *   session_families           auth
 *   refresh_tokens             auth
 *   pixels                     pixels
 *   pixel_overwrites           pixels
 *   counters                   stats
 *   inventory                  items
 *   daily_claims               items
 *   orders                     shop
 *   payments                   shop
 *   payment_refunds            shop
 *   balances                   mining
 *   mining                     mining
 *   boost_upgrades             mining
 *   rewards                    rewards
 *   reward_payouts             rewards
 *   payout_batches             rewards
 *   achievements               achievements
 *   ton_proof_payloads         wallet
 *   ton_verified_wallets       wallet
 *   ton_user_wallets           wallet
 *   ton_proof_guard            wallet
 *   ton_captchas               wallet
 *   ton_orders                 ton
 *   ton_payments               ton
 *   ton_watch_cursors          ton
 *   ton_wallet_verifications   ton
 *   moderation_log             moderation
 *   templates                  templates
 *   template_subscriptions     templates
 *   tournament_rounds          tournaments
 *   tournament_scores          tournaments
 *   hidden_rounds              hidden
 *   hidden_pixels              hidden
 *   nfts                       nft
 *   pixanos_events             pixanos
 *   paint_log                  history (rows appended by the group commit)
 *   paint_log_baseline         history
 *   canvas_keyframes           history
 *   bot_state                  bot
 *   app_secrets                lib/secrets.ts (no module)
 */
export const TABLE_OWNERS: Readonly<Record<string, string>> = {
  users: 'users',
  squads: 'squads',
  session_families: 'auth',
  refresh_tokens: 'auth',
  pixels: 'pixels',
  pixel_overwrites: 'pixels',
  counters: 'stats',
  inventory: 'items',
  daily_claims: 'items',
  orders: 'shop',
  payments: 'shop',
  payment_refunds: 'shop',
  balances: 'mining',
  mining: 'mining',
  boost_upgrades: 'mining',
  rewards: 'rewards',
  reward_payouts: 'rewards',
  payout_batches: 'rewards',
  achievements: 'achievements',
  ton_proof_payloads: 'wallet',
  ton_verified_wallets: 'wallet',
  ton_user_wallets: 'wallet',
  ton_proof_guard: 'wallet',
  ton_captchas: 'wallet',
  ton_orders: 'ton',
  ton_payments: 'ton',
  ton_watch_cursors: 'ton',
  ton_wallet_verifications: 'ton',
  moderation_log: 'moderation',
  templates: 'templates',
  template_subscriptions: 'templates',
  tournament_rounds: 'tournaments',
  tournament_scores: 'tournaments',
  hidden_rounds: 'hidden',
  hidden_pixels: 'hidden',
  nfts: 'nft',
  pixanos_events: 'pixanos',
  paint_log: 'history',
  paint_log_baseline: 'history',
  canvas_keyframes: 'history',
  bot_state: 'bot',
  app_secrets: 'lib/secrets.ts',
};

/** SQL that must read another module's table in the same statement, each with the reason. */
export const OWNER_EXCEPTIONS: readonly { file: string; table: string; why: string }[] = [
  {
    file: 'modules/users/store.ts',
    table: 'squads',
    why:
      'sign-in upsert: a launch-parameter squad that does not exist becomes NULL inside the same ' +
      'INSERT, so the foreign key never fails a first sign-in',
  },
  {
    file: 'modules/squads/store.ts',
    table: 'users',
    why:
      "a squad's total is recomputed from its members' repaints in one UPDATE under the squad row " +
      'locks the group commit also takes; two statements would let a commit in between be lost',
  },
];
