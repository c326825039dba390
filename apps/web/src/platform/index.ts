import type { Platform } from './types.ts';
import { createWebPlatform } from './web.ts';

export type { BackButtonControl, HapticKind, InvoiceOutcome, Platform, PlatformKind } from './types.ts';
export { createWebPlatform } from './web.ts';

/**
 * Telegram hands launch parameters (`tgWebApp…`) to the page in the URL, and the SDK keeps them in
 * sessionStorage across reloads. Without any trace of them this is a plain website, and the SDK is
 * never downloaded.
 */
export function mayBeTelegram(): boolean {
  try {
    const navigation = performance.getEntriesByType?.('navigation')[0]?.name ?? '';
    const stored = sessionStorage.getItem('tapps/launchParams') ?? '';
    return [location.hash, location.search, navigation, stored].some((source) => source.includes('tgWebApp'));
  } catch {
    return false;
  }
}

/** Detects the host once at boot. Never throws: anything odd in Telegram falls back to the web. */
export async function detectPlatform(): Promise<Platform> {
  if (mayBeTelegram()) {
    try {
      const { createTelegramPlatform } = await import('./telegram.ts');
      const telegram = createTelegramPlatform();
      if (telegram) {
        document.documentElement.dataset.platform = 'telegram';
        return telegram;
      }
    } catch (error) {
      console.warn('Telegram Mini App bridge failed, running as a website', error);
    }
  }
  document.documentElement.dataset.platform = 'web';
  return createWebPlatform();
}
