import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../App.tsx';
import { createTestContext, createTestI18n } from '../../test/harness.tsx';
import { PIXEL_REWARD_BACKDROP_MS, PixelRewardPopup } from './PixelRewardPopup.tsx';
import { REWARD_CLOSE_DELAY_MS, RewardPopup } from './RewardPopup.tsx';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const goods = { type: 'goods' as const, amount: 2, rewardUserId: 7, goodId: 2, name: 'Dynamite' };

function renderIn(node: React.ReactNode) {
  return render(
    <AppProviders context={createTestContext()} i18n={i18n}>
      {node}
    </AppProviders>,
  );
}

describe('pixel reward popup', () => {
  it('ignores backdrop taps for 2 s, then a tap dismisses it', () => {
    vi.useFakeTimers();
    const onClose = vi.fn();
    renderIn(<PixelRewardPopup reward={goods} onClose={onClose} onOpen={() => {}} />);
    // Popups render at the end of the body, above the header.
    const backdrop = document.querySelector('.popup__backdrop')!;
    expect(document.querySelector('.popup--glow')).not.toBeNull();
    fireEvent.click(backdrop);
    act(() => {
      vi.advanceTimersByTime(PIXEL_REWARD_BACKDROP_MS - 1);
    });
    fireEvent.click(backdrop);
    expect(onClose).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    fireEvent.click(backdrop);
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe('reward popup', () => {
  it('enables its close button 1 s after opening', () => {
    vi.useFakeTimers();
    const onClose = vi.fn();
    renderIn(<RewardPopup reward={goods} onClose={onClose} />);
    const close = screen.getByRole('button', { name: 'Close' }) as HTMLButtonElement;
    expect(close.disabled).toBe(true);
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(onClose).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(REWARD_CLOSE_DELAY_MS);
    });
    expect(close.disabled).toBe(false);
    fireEvent.click(close);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('shows a token reward with claim and burn', () => {
    renderIn(
      <RewardPopup
        reward={{ type: 'token', amount: 12.5, rewardUserId: 3, goodId: null, name: null }}
        onClose={() => {}}
      />,
    );
    expect(screen.getByText('12.5 PX')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Burn' })).toBeTruthy();
  });
});
