/**
 * Tunable game defaults: the figures of ARCHITECTURE "Defaults where the spec is silent" and the
 * constants of SPEC §9, in one table so an operator changes them in one place.
 * Level-indexed lists start at level 0, the unboosted player.
 */
export const GAME_DEFAULTS = {
  startCharges: 5,
  /** ms per restored charge at level 0. */
  rechargeMs: 600_000,
  /** Energy-limit boost: max charges by level. */
  maxChargesByLevel: [5, 12, 14, 16, 18, 20, 24],
  /** Recharge-speed boost: 10 min at level 0 down to 5 min at level 10, 30 s per level. */
  rechargeMsByLevel: [
    600_000, 570_000, 540_000, 510_000, 480_000, 450_000, 420_000, 390_000, 360_000, 330_000, 300_000,
  ],
  /** Paint-reward boost: ×1 unboosted, then ×1.5 up to ×4. */
  rewardMultiplierByLevel: [1, 1.5, 2, 2.5, 3, 3.5, 4],
  miningPxPerSecond: 0.0042,
  /** Mining stops accruing after this long without a claim. */
  miningMaxSeconds: 8 * 3600,
  /** Side of the template a player may upload, by level. */
  templateSizesByLevel: [32, 64, 128, 256, 512, 1024],
  templateOpacityDefault: 70,
  defaultFps: 60,
  fpsMin: 10,
  fpsMax: 60,
  recentColors: 8,
  revenueShareMinFriends: 10_000,
  secretIconTaps: 10,
  /** TON wallet messages and jetton transfers stay valid this long. */
  walletMessageValiditySeconds: 600,
  hiddenTemplate: { awards: 4096, poolPx: 532_480 },
  nft: { size: 64, zoomMin: 5, zoomMax: 60, approvedCap: 1000 },
  pageSize: {
    pixelList: 10,
    ratings: 20,
    /** Assumed total of a rating list: load-more stops there. */
    ratingsAssumedTotal: 500,
    pixanosRating: 10,
    hiddenRewardRating: 10,
    templateList: 12,
    randomTemplates: 16,
    tournamentTemplates: 16,
    finalResults: 15,
  },
  zoom: {
    min: 0.3,
    max: 60,
    /** Factor per zoom-button step. */
    step: 1.8,
    stepDurationMs: 100,
    /** A held zoom button repeats this often. */
    repeatMs: 90,
    /** Double-tap toggles between fit and this scale. */
    doubleTapScale: 60,
  },
  dragThresholdPx: 8,
  timing: {
    toastMs: 3000,
    doubleTapMs: 200,
    /** A press shorter than this is one tap. */
    tapMs: 200,
    doubleTapAnimationMs: 400,
    countdownRefreshMs: 500,
    rewardBackdropMs: 2000,
    rewardPopupCloseMs: 1000,
    hiddenNoticeMs: 1000,
    rewardMarkerMs: 4000,
    digitRollMs: 500,
    clientStatsMs: 10_000,
    nftConfirmDelayMs: 3000,
    /** canvas:main retries wait this times the attempt number. */
    canvasRetryBaseMs: 2000,
    snapAnimationMs: 7200,
    snapFadeInMs: 6000,
    loadingBarGrowMs: 2000,
    loadingBarHideMs: 300,
  },
} as const;

function atLevel<T>(list: readonly T[], level: number): T {
  const i = Number.isFinite(level) ? Math.min(list.length - 1, Math.max(0, Math.floor(level))) : 0;
  return list[i]!;
}

/** Max charges for an energy-limit level; levels beyond the table keep the last value. */
export function maxChargesAt(level: number): number {
  return atLevel(GAME_DEFAULTS.maxChargesByLevel, level);
}

export function rechargeMsAt(level: number): number {
  return atLevel(GAME_DEFAULTS.rechargeMsByLevel, level);
}

export function rewardMultiplierAt(level: number): number {
  return atLevel(GAME_DEFAULTS.rewardMultiplierByLevel, level);
}

export function templateSizeAt(level: number): number {
  return atLevel(GAME_DEFAULTS.templateSizesByLevel, level);
}

// ---------- languages ----------

export const SUPPORTED_LANGUAGES = ['en', 'ru', 'de', 'fr', 'jpn', 'es', 'cn', 'kr', 'pt', 'tr'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export function isSupportedLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}

/** Primary subtags (ISO 639-1, and common misspellings) that our own codes spell differently. */
const LANGUAGE_ALIASES: Readonly<Record<string, Language>> = {
  ja: 'jpn',
  jp: 'jpn',
  zh: 'cn',
  ko: 'kr',
};

/**
 * Our language for a Telegram `language_code` or browser tag: 'ja' → 'jpn', 'zh' / 'zh-hans' →
 * 'cn', 'ko' → 'kr', 'pt-br' → 'pt', 'en-US' → 'en'; anything else → 'en'.
 */
export function resolveLanguage(code: string | null | undefined): Language {
  const tag = (code ?? '').trim().toLowerCase().replace(/_/g, '-');
  if (isSupportedLanguage(tag)) return tag;
  const primary = tag.split('-')[0] ?? '';
  if (isSupportedLanguage(primary)) return primary;
  return LANGUAGE_ALIASES[primary] ?? DEFAULT_LANGUAGE;
}

/**
 * The Intl locale to format dates and numbers in for each of our languages. English uses en-GB so
 * dates read day before month, as SPEC §5 describes.
 */
export const INTL_LOCALES: Readonly<Record<Language, string>> = {
  en: 'en-GB',
  ru: 'ru-RU',
  de: 'de-DE',
  fr: 'fr-FR',
  jpn: 'ja-JP',
  es: 'es-ES',
  cn: 'zh-CN',
  kr: 'ko-KR',
  pt: 'pt-PT',
  tr: 'tr-TR',
};

// ---------- boosts bought with PX ----------

/** The three boosts of the mining sheet, as the upgrade route names them. */
export const BOOST_IDS = ['paintReward', 'rechargeSpeed', 'energyLimit'] as const;
export type BoostId = (typeof BOOST_IDS)[number];

export function isBoostId(value: unknown): value is BoostId {
  return typeof value === 'string' && (BOOST_IDS as readonly string[]).includes(value);
}

/**
 * Whole PX to buy the next level of each boost: entry L takes a player from level L to L + 1, so
 * each list is as long as the boost's level table minus the unboosted level 0. The first step is
 * cheap so a new player feels it; later steps cost days of mining.
 */
export const BOOST_PRICES_PX: Readonly<Record<BoostId, readonly number[]>> = {
  paintReward: [5, 100, 200, 300, 500, 600],
  rechargeSpeed: [5, 100, 200, 300, 400, 500, 600, 700, 800, 900],
  energyLimit: [5, 100, 200, 300, 400, 500],
};

/** The highest level of a boost (its level table's last index). */
export function boostMaxLevel(id: BoostId): number {
  switch (id) {
    case 'paintReward':
      return GAME_DEFAULTS.rewardMultiplierByLevel.length - 1;
    case 'rechargeSpeed':
      return GAME_DEFAULTS.rechargeMsByLevel.length - 1;
    case 'energyLimit':
      return GAME_DEFAULTS.maxChargesByLevel.length - 1;
  }
}

/** Whole PX to go from `level` to `level + 1`; null at (or past) the top level. */
export function boostPricePx(id: BoostId, level: number): number | null {
  if (!Number.isInteger(level) || level < 0 || level >= boostMaxLevel(id)) return null;
  return BOOST_PRICES_PX[id][level] ?? null;
}

/** What a boost gives at a level: max charges, ms per charge, or the paint-reward multiplier. */
export function boostValueAt(id: BoostId, level: number): number {
  switch (id) {
    case 'paintReward':
      return rewardMultiplierAt(level);
    case 'rechargeSpeed':
      return rechargeMsAt(level);
    case 'energyLimit':
      return maxChargesAt(level);
  }
}

/**
 * Paint rewards (the one paint in PAINT_REWARD_ONE_IN that wins): one win in `tokenOneIn` pays
 * PX as a token reward instead of an item, `basePx` times the paint-reward boost's multiplier.
 */
export const PAINT_REWARD_PX = { tokenOneIn: 2, basePx: 2 } as const;
