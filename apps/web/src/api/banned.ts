/**
 * "This account is banned" as the whole app learns it: a 403 BANNED from any HTTP call, a BANNED
 * answer to a socket RPC, or the socket closed with 4403. BannedNotice shows it until the player is
 * loaded again (an unbanned player's next /users/me succeeds).
 */
import { CloseCode } from '@pixel-wall/shared/core';

export interface BannedSignal {
  banned(): boolean;
  report(): void;
  clear(): void;
  subscribe(listener: () => void): () => void;
}

export function createBannedSignal(): BannedSignal {
  let banned = false;
  const listeners = new Set<() => void>();
  const set = (next: boolean) => {
    if (banned === next) return;
    banned = next;
    for (const listener of listeners) listener();
  };
  return {
    banned: () => banned,
    report: () => set(true),
    clear: () => set(false),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The app's signal, shared by the HTTP client, the wall's socket and the notice. */
export const bannedSignal = createBannedSignal();

/** An ApiError or RpcError (or anything with a `code`) saying BANNED. */
export function isBannedError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'BANNED';
}

/** For the HTTP client's onError and any catch around a call: reports a BANNED refusal. */
export function noticeBanned(error: unknown, signal: BannedSignal = bannedSignal): void {
  if (isBannedError(error)) signal.report();
}

/** For the wall socket's close handler: 4403 means the account is banned. */
export function noticeSocketClose(code: number, signal: BannedSignal = bannedSignal): void {
  if (code === CloseCode.Banned) signal.report();
}
