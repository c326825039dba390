import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../App.tsx';
import { createTestContext, createTestI18n } from '../../test/harness.tsx';
import { PaintBarBoosts } from './PaintBarBoosts.tsx';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
afterEach(cleanup);

function renderBar(goods: Record<string, number>, picking: boolean) {
  const onPipette = vi.fn();
  const onPress = vi.fn();
  render(
    <AppProviders context={createTestContext()} i18n={i18n}>
      <PaintBarBoosts
        goods={goods}
        mode={null}
        picking={picking}
        onPress={onPress}
        onPipette={onPipette}
        onSnap={() => {}}
      />
    </AppProviders>,
  );
  return { onPipette, onPress };
}

describe('the bottom bar boosts', () => {
  it('keep fast energy, fast mode, pipette and the Snap shortcut in the order of the spec', () => {
    renderBar({}, false);
    const ids = screen.getAllByRole('button').map((b) => b.getAttribute('data-testid'));
    expect(ids).toEqual(['boost-1', 'boost-5', 'boost-4', 'boost-13']);
  });

  it('show a pipette not yet bought as one to get, and an armed one as pressed', () => {
    const { onPipette } = renderBar({}, false);
    const pipette = screen.getByTestId('boost-4');
    expect(pipette.getAttribute('aria-label')).toBe('Pipette: get more in the shop');
    expect(screen.getByTestId('boost-count-4').textContent).toBe('+');
    fireEvent.click(pipette);
    expect(onPipette).toHaveBeenCalledTimes(1);
    cleanup();
    renderBar({ '4': 1, '5': 1 }, true);
    expect(screen.getByTestId('boost-4').getAttribute('aria-pressed')).toBe('true');
    expect(screen.queryByTestId('boost-count-4')).toBeNull();
    expect(screen.queryByTestId('boost-count-5')).toBeNull();
  });
});
