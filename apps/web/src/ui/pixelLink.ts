import { buildPixelParam } from '@pixel-wall/shared/core';

/** A link that opens the game on pixel (x, y): in Telegram through the bot, else on this site. */
export function pixelLink(x: number, y: number, botUsername: string | null, appUrl: string | null): string {
  const param = buildPixelParam(x, y);
  if (botUsername) return `https://t.me/${botUsername}?startapp=${param}`;
  const base = appUrl ?? window.location.origin;
  return `${base.replace(/\/$/, '')}/?startapp=${param}`;
}
