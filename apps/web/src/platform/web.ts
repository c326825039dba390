import { readLocal, writeLocal } from './storage.ts';
import type { Platform } from './types.ts';

/** Query keys that carry a launch parameter into the website (`?startapp=f12`). */
const START_PARAM_KEYS = ['startapp', 'tgWebAppStartParam'] as const;
/** The Mini App's "web app" link hands its init data over in this query key. */
export const INIT_DATA_QUERY_KEY = 'initData';

function takeQuery(search: string): { startParam: string | null; initData: string | null } {
  const params = new URLSearchParams(search);
  let startParam: string | null = null;
  for (const key of START_PARAM_KEYS) {
    const value = params.get(key);
    if (value) {
      startParam = value;
      break;
    }
  }
  return { startParam, initData: params.get(INIT_DATA_QUERY_KEY) || null };
}

/** Drops the one-shot init data from the address bar so it is not bookmarked or shared. */
function stripInitData(): void {
  try {
    const url = new URL(window.location.href);
    if (!url.searchParams.has(INIT_DATA_QUERY_KEY)) return;
    url.searchParams.delete(INIT_DATA_QUERY_KEY);
    window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
  } catch {
    // A locked-down history API only leaves the parameter visible.
  }
}

export function createWebPlatform(search: string = globalThis.location?.search ?? ''): Platform {
  const { startParam, initData } = takeQuery(search);
  if (initData) stripInitData();
  return {
    kind: 'web',
    initDataRaw: initData,
    startParam,
    languageCode: null,
    version: null,
    backButton: { show() {}, hide() {}, onClick: () => () => {} },
    haptic() {},
    cloudGet: async (key) => readLocal(key),
    cloudSet: async (key, value) => writeLocal(key, value),
    openLink(url) {
      window.open(url, '_blank', 'noopener,noreferrer');
    },
    share(url, text) {
      const nav = globalThis.navigator;
      if (typeof nav?.share === 'function') {
        nav.share({ url, text }).catch(() => {});
        return;
      }
      const shareUrl = `https://t.me/share/url?url=${encodeURIComponent(url)}${text ? `&text=${encodeURIComponent(text)}` : ''}`;
      window.open(shareUrl, '_blank', 'noopener,noreferrer');
    },
    openInvoice: async () => 'unsupported',
  };
}
