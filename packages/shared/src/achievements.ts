/**
 * Achievements (SPEC §3). Id 12 exists in the original game but is not shown, so it is left out.
 * Threshold rules (friends, repaints, league) can be checked from a player's numbers; the others
 * are granted by the event that earns them.
 */
import { type League, leagueRank } from './leagues.ts';

export type AchievementRule =
  | { readonly kind: 'friends'; readonly min: number }
  | { readonly kind: 'repaints'; readonly min: number }
  /** The named league or any above it. */
  | { readonly kind: 'league'; readonly league: League }
  | { readonly kind: 'event'; readonly event: AchievementEvent };

export type AchievementEvent =
  | 'earlyPlayer'
  | 'buyWithStars'
  | 'buyWithCrypto'
  | 'secretWord'
  | 'pixanosSnap';

export interface Achievement {
  readonly id: number;
  readonly key: string;
  readonly name: string;
  readonly description: string;
  readonly rule: AchievementRule;
}

export const ACHIEVEMENTS: readonly Achievement[] = [
  {
    id: 1,
    key: 'betaPixel',
    name: 'Beta Pixel',
    description: 'Played early',
    rule: { kind: 'event', event: 'earlyPlayer' },
  },
  {
    id: 2,
    key: 'pixels16Frens',
    name: "Pixel's 16 frens",
    description: 'Invite 16 frens',
    rule: { kind: 'friends', min: 16 },
  },
  {
    id: 3,
    key: 'pixelBrotherhood',
    name: 'Pixel Brotherhood',
    description: 'Invite 64 frens',
    rule: { kind: 'friends', min: 64 },
  },
  {
    id: 4,
    key: 'myPixelDudes',
    name: 'My pixel dudes',
    description: 'Invite 128 frens',
    rule: { kind: 'friends', min: 128 },
  },
  {
    id: 5,
    key: 'thunderPixel',
    name: 'Thunder Pixel',
    description: 'Paint 64,000 pixels',
    rule: { kind: 'repaints', min: 64_000 },
  },
  {
    id: 6,
    key: 'masterOverPixels',
    name: 'Master over Pixels',
    description: 'Paint 128,000 pixels',
    rule: { kind: 'repaints', min: 128_000 },
  },
  {
    id: 7,
    key: 'malevich',
    name: 'Malevich',
    description: 'Paint 512,000 pixels',
    rule: { kind: 'repaints', min: 512_000 },
  },
  {
    id: 8,
    key: 'starPixel',
    name: 'Star Pixel',
    description: 'Buy with Stars',
    rule: { kind: 'event', event: 'buyWithStars' },
  },
  {
    id: 9,
    key: 'cryptoPixel',
    name: 'Crypto Pixel',
    description: 'Buy with crypto',
    rule: { kind: 'event', event: 'buyWithCrypto' },
  },
  {
    id: 10,
    key: 'ghostPixel',
    name: 'Ghost Pixel',
    description: 'Activate a secret password',
    rule: { kind: 'event', event: 'secretWord' },
  },
  {
    id: 11,
    key: 'platinumPixel',
    name: 'Platinum Pixel',
    description: 'Be a Platinum League member',
    rule: { kind: 'league', league: 'platinum' },
  },
  {
    id: 13,
    key: 'ambassador',
    name: 'Ambassador',
    description: 'Invite 10,000 frens',
    rule: { kind: 'friends', min: 10_000 },
  },
  {
    id: 14,
    key: 'pixanosSnap',
    name: "Pixanos' Snap",
    description: "Use Pixanos' Snap",
    rule: { kind: 'event', event: 'pixanosSnap' },
  },
];

const ACHIEVEMENT_BY_ID = new Map<number, Achievement>(ACHIEVEMENTS.map((a) => [a.id, a]));

export function achievementById(id: number): Achievement | null {
  return ACHIEVEMENT_BY_ID.get(id) ?? null;
}

export interface AchievementProgress {
  readonly friends: number;
  readonly repaints: number;
  readonly league: League;
}

function meets(rule: AchievementRule, p: AchievementProgress): boolean {
  if (rule.kind === 'friends') return p.friends >= rule.min;
  if (rule.kind === 'repaints') return p.repaints >= rule.min;
  if (rule.kind === 'league') return leagueRank(p.league) >= leagueRank(rule.league);
  return false;
}

/** Ids of the threshold achievements these numbers satisfy, in id order. */
export function thresholdAchievementIds(p: AchievementProgress): number[] {
  return ACHIEVEMENTS.filter((a) => meets(a.rule, p)).map((a) => a.id);
}

/** Ids of the achievements granted by an event (a purchase, a secret word, ...). */
export function achievementIdsForEvent(event: AchievementEvent): number[] {
  return ACHIEVEMENTS.filter((a) => a.rule.kind === 'event' && a.rule.event === event).map((a) => a.id);
}
