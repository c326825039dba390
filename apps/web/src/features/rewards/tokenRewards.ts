/**
 * Token reward states (SPEC §4): null (claimable) → pending once a claim or burn succeeds →
 * success (sent, with a transaction hash). A claim or burn is ignored while one is pending.
 */
import type { Reward } from '@pixel-wall/shared';

export type TokenPhase = 'claimable' | 'pending' | 'success';

export function phaseOf(reward: Pick<Reward, 'status'>): TokenPhase {
  return reward.status === null ? 'claimable' : reward.status;
}

/** Whether a claim or burn may start: claimable and not already asked for. */
export function canAct(reward: Pick<Reward, 'status' | 'id'>, inFlight: ReadonlySet<number>): boolean {
  return phaseOf(reward) === 'claimable' && !inFlight.has(reward.id);
}

/** The list after the server accepted a claim or burn of `id`. */
export function markPending<T extends Pick<Reward, 'id' | 'status'>>(list: readonly T[], id: number): T[] {
  return list.map((r) => (r.id === id && r.status === null ? { ...r, status: 'pending' as const } : r));
}

/** The explorer link lives in ui/ (NFT minting links to it too). */
export { explorerUrl } from '../../ui/explorer.ts';
