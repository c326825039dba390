import { BASIC_COLORS, PALETTE } from '@pixel-wall/shared';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../App.tsx';
import { createTestContext, createTestI18n } from '../../test/harness.tsx';
import { ColorPalette } from './ColorPalette.tsx';
import { LOCKED_COLORS } from './colours.ts';

let i18n: I18n;
const missing: string[] = [];
beforeAll(async () => {
  i18n = await createTestI18n(missing);
});
afterEach(cleanup);

function renderPalette(unlocked: boolean, recent: readonly string[] = ['#FF4500', '#6D001A']) {
  const onPick = vi.fn();
  const onUnlock = vi.fn();
  render(
    <AppProviders context={createTestContext()} i18n={i18n}>
      <ColorPalette
        active="#FF4500"
        recent={recent}
        unlocked={unlocked}
        onPick={onPick}
        onUnlock={onUnlock}
      />
    </AppProviders>,
  );
  return { onPick, onUnlock };
}

const labels = (el: HTMLElement) =>
  within(el)
    .getAllByRole('button')
    .map((b) => b.getAttribute('aria-label'));

describe('the colours panel', () => {
  it('shows the basic line to pick from and the other 20 colours locked, with the unlock label', () => {
    const { onPick, onUnlock } = renderPalette(false);
    expect(labels(screen.getByTestId('palette'))).toEqual([...BASIC_COLORS]);
    const locked = within(screen.getByTestId('palette-locked')).getAllByRole('button');
    expect(locked).toHaveLength(20);
    expect(locked.map((b) => b.dataset.color)).toEqual(LOCKED_COLORS);
    expect(locked[0]!.getAttribute('aria-label')).toBe(`${LOCKED_COLORS[0]}, locked`);
    expect(screen.getByTestId('unlock-colors').textContent).toBe('Unlock all colors for 5000 Stars');

    fireEvent.click(screen.getByRole('button', { name: '#3690EA' }));
    expect(onPick).toHaveBeenCalledWith('#3690EA');
    fireEvent.click(locked[3]!);
    fireEvent.click(screen.getByTestId('unlock-colors'));
    expect(onUnlock).toHaveBeenCalledTimes(2);
    expect(onPick).toHaveBeenCalledTimes(1);
    expect(missing).toEqual([]);
  });

  it('shows a locked recent colour locked: it opens the unlock, not a pick', () => {
    const { onPick, onUnlock } = renderPalette(false);
    const recent = within(screen.getByTestId('recent-colors')).getAllByRole('button');
    expect(recent.map((b) => b.getAttribute('aria-pressed'))).toEqual(['true', null]);
    fireEvent.click(recent[1]!);
    expect(onUnlock).toHaveBeenCalledTimes(1);
    expect(onPick).not.toHaveBeenCalled();
  });

  it('unlocked: all 30 colours to pick, nothing locked, no unlock label', () => {
    const { onPick, onUnlock } = renderPalette(true);
    expect(labels(screen.getByTestId('palette'))).toEqual([...PALETTE]);
    expect(screen.queryByTestId('palette-locked')).toBeNull();
    expect(screen.queryByTestId('unlock-colors')).toBeNull();
    fireEvent.click(within(screen.getByTestId('palette')).getByRole('button', { name: '#6D001A' }));
    expect(onPick).toHaveBeenCalledWith('#6D001A');
    expect(onUnlock).not.toHaveBeenCalled();
  });
});
