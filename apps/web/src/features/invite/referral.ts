import { buildReferralParam } from '@pixel-wall/shared/core';
import type { Platform } from '../../platform/types.ts';
import { copyText } from '../../ui/clipboard.ts';

/**
 * The referral link (SPEC §2): `startapp=f{userId}`, plus `_s{squadId}` to bring the friend into
 * one's squad. Through the bot when there is one, else to this website.
 */
export function referralLink(
  userId: number,
  squadId: number | null,
  botUsername: string | null,
  siteUrl: string,
): string {
  const param = buildReferralParam(userId, squadId);
  if (botUsername) return `https://t.me/${botUsername}?startapp=${param}`;
  return `${siteUrl.replace(/\/+$/, '')}/?startapp=${param}`;
}

/** Friends count milestones with an achievement (SPEC §3: 16, 64, 128, 10,000). */
export const REFERRAL_MILESTONES = [
  { friends: 16, key: 'pixels16Frens' },
  { friends: 64, key: 'pixelBrotherhood' },
  { friends: 128, key: 'myPixelDudes' },
  { friends: 10_000, key: 'ambassador' },
] as const;

export type ShareOutcome = 'shared' | 'cancelled' | 'copied' | 'failed';

type ShareApi = Pick<Navigator, 'share'> | undefined;

/**
 * In the Mini App: Telegram's share sheet. On the web: the Web Share API where there is one (a
 * dismissed sheet is no failure), else the link goes to the clipboard.
 */
export async function shareReferral(
  platform: Pick<Platform, 'kind' | 'share'>,
  url: string,
  text: string,
  nav: ShareApi = globalThis.navigator,
): Promise<ShareOutcome> {
  if (platform.kind === 'telegram') {
    platform.share(url, text);
    return 'shared';
  }
  if (typeof nav?.share === 'function') {
    try {
      await nav.share({ url, text });
      return 'shared';
    } catch (error) {
      if ((error as { name?: unknown } | null)?.name === 'AbortError') return 'cancelled';
    }
  }
  return (await copyText(url)) ? 'copied' : 'failed';
}
