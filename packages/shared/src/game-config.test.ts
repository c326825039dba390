import { describe, expect, it } from 'vitest';
import {
  GAME_DEFAULTS,
  INTL_LOCALES,
  isSupportedLanguage,
  maxChargesAt,
  rechargeMsAt,
  resolveLanguage,
  rewardMultiplierAt,
  SUPPORTED_LANGUAGES,
  templateSizeAt,
} from './game-config.ts';

describe('GAME_DEFAULTS', () => {
  it('holds the charge and mining defaults', () => {
    expect(GAME_DEFAULTS.startCharges).toBe(5);
    expect(GAME_DEFAULTS.rechargeMs).toBe(600_000);
    expect(GAME_DEFAULTS.maxChargesByLevel).toEqual([5, 12, 14, 16, 18, 20, 24]);
    expect(GAME_DEFAULTS.maxChargesByLevel[0]).toBe(GAME_DEFAULTS.startCharges);
    expect(GAME_DEFAULTS.miningPxPerSecond).toBe(0.0042);
    expect(GAME_DEFAULTS.miningMaxSeconds).toBe(28_800);
  });

  it('shortens the recharge from 10 to 5 minutes over 10 levels', () => {
    const r = GAME_DEFAULTS.rechargeMsByLevel;
    expect(r).toHaveLength(11);
    expect(r[0]).toBe(GAME_DEFAULTS.rechargeMs);
    expect(r.at(-1)).toBe(300_000);
    for (let i = 1; i < r.length; i++) expect(r[i - 1]! - r[i]!).toBe(30_000);
  });

  it('multiplies the reward from ×1.5 up to ×4', () => {
    expect(GAME_DEFAULTS.rewardMultiplierByLevel).toEqual([1, 1.5, 2, 2.5, 3, 3.5, 4]);
  });

  it('grows templates from 32 to 1024 px', () => {
    expect(GAME_DEFAULTS.templateSizesByLevel).toEqual([32, 64, 128, 256, 512, 1024]);
  });

  it('has the page sizes of SPEC §9', () => {
    expect(GAME_DEFAULTS.pageSize).toEqual({
      pixelList: 10,
      ratings: 20,
      ratingsAssumedTotal: 500,
      pixanosRating: 10,
      hiddenRewardRating: 10,
      templateList: 12,
      randomTemplates: 16,
      tournamentTemplates: 16,
      finalResults: 15,
    });
  });

  it('has the timings and limits of SPEC §9', () => {
    const t = GAME_DEFAULTS.timing;
    expect([t.toastMs, t.doubleTapMs, t.tapMs, t.doubleTapAnimationMs]).toEqual([3000, 200, 200, 400]);
    expect([t.countdownRefreshMs, t.rewardBackdropMs, t.rewardPopupCloseMs]).toEqual([500, 2000, 1000]);
    expect([t.hiddenNoticeMs, t.rewardMarkerMs]).toEqual([1000, 4000]);
    expect(GAME_DEFAULTS.zoom).toMatchObject({
      min: 0.3,
      max: 60,
      step: 1.8,
      repeatMs: 90,
      stepDurationMs: 100,
    });
    expect(GAME_DEFAULTS.dragThresholdPx).toBe(8);
    expect(GAME_DEFAULTS.recentColors).toBe(8);
  });
});

describe('level lookups', () => {
  it.each([
    [0, 5, 600_000, 1, 32],
    [1, 12, 570_000, 1.5, 64],
    [5, 20, 450_000, 3.5, 1024],
    [6, 24, 420_000, 4, 1024],
    [10, 24, 300_000, 4, 1024],
    [99, 24, 300_000, 4, 1024],
    [-1, 5, 600_000, 1, 32],
    [Number.NaN, 5, 600_000, 1, 32],
    [2.9, 14, 540_000, 2, 128],
  ])('level %d: max %i, recharge %i, reward ×%d, template %i', (level, max, recharge, reward, size) => {
    expect(maxChargesAt(level)).toBe(max);
    expect(rechargeMsAt(level)).toBe(recharge);
    expect(rewardMultiplierAt(level)).toBe(reward);
    expect(templateSizeAt(level)).toBe(size);
  });
});

describe('languages', () => {
  it('supports the spec list', () => {
    expect(SUPPORTED_LANGUAGES).toEqual(['en', 'ru', 'de', 'fr', 'jpn', 'es', 'cn', 'kr', 'pt', 'tr']);
    for (const l of SUPPORTED_LANGUAGES) expect(isSupportedLanguage(l)).toBe(true);
    expect(isSupportedLanguage('ja')).toBe(false);
  });

  it.each<[string | null | undefined, string]>([
    ['en', 'en'],
    ['ru', 'ru'],
    ['de', 'de'],
    ['fr', 'fr'],
    ['es', 'es'],
    ['tr', 'tr'],
    ['pt', 'pt'],
    ['ja', 'jpn'],
    ['jp', 'jpn'],
    ['jpn', 'jpn'],
    ['zh', 'cn'],
    ['zh-hans', 'cn'],
    ['zh-Hant-TW', 'cn'],
    ['zh_CN', 'cn'],
    ['cn', 'cn'],
    ['ko', 'kr'],
    ['kr', 'kr'],
    ['pt-br', 'pt'],
    ['pt-BR', 'pt'],
    ['en-US', 'en'],
    ['RU', 'ru'],
    [' de-AT ', 'de'],
    ['es-419', 'es'],
    ['uk', 'en'],
    ['it', 'en'],
    ['xx', 'en'],
    ['', 'en'],
    [null, 'en'],
    [undefined, 'en'],
  ])('%j → %s', (code, language) => {
    expect(resolveLanguage(code)).toBe(language);
  });

  it('has a valid Intl locale for every language', () => {
    for (const l of SUPPORTED_LANGUAGES) {
      expect(Intl.DateTimeFormat.supportedLocalesOf(INTL_LOCALES[l])).toHaveLength(1);
    }
  });
});
