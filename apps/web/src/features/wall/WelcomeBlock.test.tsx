import { CANVAS_PIXELS, encodePixelBody, pixelIdOf } from '@pixel-wall/shared';
import { act, cleanup, render, screen } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AppProviders } from '../../App.tsx';
import { createPixelStore } from '../../canvas/index.ts';
import { createTestContext, createTestI18n, json } from '../../test/harness.tsx';
import { WelcomeBlock } from './WelcomeBlock.tsx';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
afterEach(cleanup);

const STATS = {
  totalPlayers: 12_000,
  totalRepaints: 1_199_998,
  premium_users: 0,
  active_users: 0,
  daily_users: 0,
  daily_repaints: 0,
  top_countries: {},
};

/** A batch of `n` repaints in `color`, as the socket delivers them. */
function batch(n: number, color: number): Uint8Array {
  return encodePixelBody(Array.from({ length: n }, (_, i) => ({ pixelId: pixelIdOf(i, 0), color })));
}

describe('the welcome block', () => {
  it('counts the repaints on as the wall brings them', async () => {
    const store = createPixelStore();
    store.setAll(new Uint8Array(CANVAS_PIXELS), 1);
    // Repaints before the figure arrives are already in it.
    store.applyChanges(batch(5, 3), 2);
    const context = createTestContext({
      fetch: (path) => (path === '/users/stats' ? json(200, STATS) : undefined),
    });
    render(
      <AppProviders context={context} i18n={i18n}>
        <MemoryRouter>
          <WelcomeBlock store={store} />
        </MemoryRouter>
      </AppProviders>,
    );
    const repaints = await screen.findByTestId('welcome-repaints');
    // 1,199,998 shown the game's way, truncated.
    expect(repaints.textContent).toBe('1.1M');
    act(() => {
      store.applyChanges(batch(1, 4), 3);
    });
    expect(repaints.textContent).toBe('1.1M');
    act(() => {
      store.applyChanges(batch(1, 5), 4);
    });
    // 1,199,998 + 2 = 1,200,000
    expect(repaints.textContent).toBe('1.2M');
  });
});
