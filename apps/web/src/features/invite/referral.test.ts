import { describe, expect, it, vi } from 'vitest';
import { referralLink, shareReferral } from './referral.ts';

describe('referral link (SPEC §2)', () => {
  it.each([
    [42, null, 'pixel_wall_bot', 'https://example.org', 'https://t.me/pixel_wall_bot?startapp=f42'],
    [42, 7, 'pixel_wall_bot', 'https://example.org', 'https://t.me/pixel_wall_bot?startapp=f42_s7'],
    [42, null, null, 'https://wall.example.org', 'https://wall.example.org/?startapp=f42'],
    [42, 7, null, 'https://wall.example.org/', 'https://wall.example.org/?startapp=f42_s7'],
    [9_000_001, 123, null, 'http://127.0.0.1:8080', 'http://127.0.0.1:8080/?startapp=f9000001_s123'],
  ])('user %i, squad %s, bot %s, site %s → %s', (userId, squadId, bot, site, expected) => {
    expect(referralLink(userId, squadId, bot, site)).toBe(expected);
  });
});

describe('sharing the link', () => {
  it('uses Telegram’s share in the Mini App', async () => {
    const share = vi.fn();
    expect(await shareReferral({ kind: 'telegram', share }, 'https://t.me/b?startapp=f1', 'hi')).toBe(
      'shared',
    );
    expect(share).toHaveBeenCalledWith('https://t.me/b?startapp=f1', 'hi');
  });

  it('uses the Web Share API on the web when there is one', async () => {
    const nav = { share: vi.fn(async () => {}) };
    expect(await shareReferral({ kind: 'web', share: vi.fn() }, 'u', 't', nav)).toBe('shared');
    expect(nav.share).toHaveBeenCalledWith({ url: 'u', text: 't' });
  });

  it('a dismissed share sheet is no failure', async () => {
    const nav = {
      share: vi.fn(async () => {
        throw new DOMException('cancelled', 'AbortError');
      }),
    };
    expect(await shareReferral({ kind: 'web', share: vi.fn() }, 'u', 't', nav)).toBe('cancelled');
  });

  it('falls back to the clipboard without the Web Share API', async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    expect(await shareReferral({ kind: 'web', share: vi.fn() }, 'u', 't', undefined)).toBe('copied');
    expect(writeText).toHaveBeenCalledWith('u');
    vi.unstubAllGlobals();
  });
});
