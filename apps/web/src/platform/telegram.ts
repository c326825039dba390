import {
  backButton,
  cloudStorage,
  hapticFeedback,
  init,
  invoice,
  isTMA,
  miniApp,
  openLink,
  openTelegramLink,
  retrieveLaunchParams,
  retrieveRawInitData,
  shareURL,
  swipeBehavior,
  themeParams,
  viewport,
} from '@tma.js/sdk-react';
import { applySafeArea, applyThemeColors } from './cssVars.ts';
import { readLocal, writeLocal } from './storage.ts';
import type { HapticKind, InvoiceOutcome, Platform } from './types.ts';

/** Runs an SDK call that may throw (old clients, missing bridge) and falls back quietly. */
function attempt<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch {
    return fallback;
  }
}

function isTelegramLink(url: string): boolean {
  return attempt(() => new URL(url).hostname === 't.me', false);
}

let cloudWarned = false;
function cloudSupported(): boolean {
  const supported = attempt(() => cloudStorage.isSupported(), false);
  if (!supported && !cloudWarned) {
    cloudWarned = true;
    console.warn('CloudStorage is not supported');
  }
  return supported;
}

/** Phones get the whole screen (Mini Apps 8.0+); desktop clients keep their window. */
export const FULLSCREEN_PLATFORMS: readonly string[] = ['android', 'ios'];

function mountChrome(platform: string | null): void {
  attempt(() => backButton.mount.ifAvailable(), null);
  attempt(() => themeParams.mount.ifAvailable(), null);
  attempt(() => miniApp.mount.ifAvailable(), null);
  attempt(() => themeParams.bindCssVars.ifAvailable(), null);
  applyThemeColors(attempt(() => themeParams.isDark(), true));
  attempt(() => themeParams.state.sub(() => applyThemeColors(themeParams.isDark())), null);

  const mounting = attempt(() => viewport.mount.ifAvailable(), { ok: false as const });
  if (mounting.ok) {
    Promise.resolve(mounting.data)
      .then(() => {
        const sync = () => applySafeArea(viewport.safeAreaInsets(), viewport.contentSafeAreaInsets());
        sync();
        viewport.state.sub(sync);
        attempt(() => viewport.expand.ifAvailable(), null);
        if (platform && FULLSCREEN_PLATFORMS.includes(platform) && !viewport.isFullscreen()) {
          const going = attempt(() => viewport.requestFullscreen.ifAvailable(), { ok: false as const });
          if (going.ok) {
            Promise.resolve(going.data).catch((error: unknown) =>
              console.warn('Telegram fullscreen was refused', error),
            );
          }
        }
      })
      .catch((error: unknown) => console.warn('Telegram viewport is unavailable', error));
  }
  // Dragging the Wall must not pull the Mini App down and close it (Mini Apps 7.7+; older
  // clients have no such swipe, and ifAvailable does nothing there).
  attempt(() => swipeBehavior.mount.ifAvailable(), null);
  attempt(() => swipeBehavior.disableVertical.ifAvailable(), null);
  attempt(() => miniApp.ready.ifAvailable(), null);
}

function haptic(kind: HapticKind): void {
  attempt(() => {
    if (kind === 'selection') hapticFeedback.selectionChanged.ifAvailable();
    else if (kind === 'success' || kind === 'error' || kind === 'warning')
      hapticFeedback.notificationOccurred.ifAvailable(kind);
    else hapticFeedback.impactOccurred.ifAvailable(kind);
  }, null);
}

function toOutcome(status: string): InvoiceOutcome {
  return status === 'paid' || status === 'cancelled' || status === 'pending' ? status : 'failed';
}

/** The Mini App bridge, or null when the page is not running inside Telegram. */
export function createTelegramPlatform(): Platform | null {
  if (!attempt(() => isTMA(), false)) return null;
  attempt(() => init(), null);
  const launch = attempt(() => retrieveLaunchParams(), null);
  const initDataRaw = attempt(() => retrieveRawInitData() ?? null, null);
  mountChrome(launch?.tgWebAppPlatform ?? null);

  return {
    kind: 'telegram',
    initDataRaw,
    startParam: launch?.tgWebAppStartParam ?? launch?.tgWebAppData?.start_param ?? null,
    languageCode: launch?.tgWebAppData?.user?.language_code ?? null,
    version: launch?.tgWebAppVersion ?? null,
    backButton: {
      show: () => attempt(() => backButton.show.ifAvailable(), null),
      hide: () => attempt(() => backButton.hide.ifAvailable(), null),
      onClick(fn) {
        const added = attempt(() => backButton.onClick.ifAvailable(fn), { ok: false as const });
        return added.ok ? added.data : () => {};
      },
    },
    haptic,
    async cloudGet(key) {
      if (!cloudSupported()) return readLocal(key);
      try {
        const value = await cloudStorage.getItem(key);
        return value === '' ? null : value;
      } catch {
        return readLocal(key);
      }
    },
    async cloudSet(key, value) {
      writeLocal(key, value);
      if (!cloudSupported()) return;
      try {
        await cloudStorage.setItem(key, value);
      } catch (error) {
        console.warn('CloudStorage write failed', error);
      }
    },
    openLink(url) {
      const opened = isTelegramLink(url)
        ? attempt(() => openTelegramLink.ifAvailable(url).ok, false)
        : attempt(() => openLink.ifAvailable(url).ok, false);
      if (!opened) window.open(url, '_blank', 'noopener,noreferrer');
    },
    share(url, text) {
      attempt(() => shareURL.ifAvailable(url, text), null);
    },
    async openInvoice(url) {
      const opened = attempt(() => invoice.openUrl.ifAvailable(url), { ok: false as const });
      if (!opened.ok) return 'unsupported';
      try {
        return toOutcome(await opened.data);
      } catch {
        return 'failed';
      }
    },
  };
}
