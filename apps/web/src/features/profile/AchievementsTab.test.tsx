import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AppProviders } from '../../App.tsx';
import { createMemoryTokenStorage } from '../../api/tokens.ts';
import { fetchMe } from '../../store/userSlice.ts';
import { createTestContext, createTestI18n, json, SIGNED_IN, user } from '../../test/harness.tsx';
import { AchievementsTab } from './AchievementsTab.tsx';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
afterEach(cleanup);

const stats = { quests: [{ id: 'secretWord', done: false, completedBy: 3, open: true }] };

function setup(achievements: Record<string, boolean>) {
  return createTestContext({
    tokens: createMemoryTokenStorage(SIGNED_IN),
    fetch: (path) => {
      if (path === '/users/me') return json(200, user({ achievements }));
      if (path === '/mining/quest/stats') return json(200, stats);
      return undefined;
    },
  });
}

describe("Ghost Pixel's achievement row", () => {
  it('on one’s own profile opens the quest; on another player’s it does not', async () => {
    const context = setup({});
    await context.store.dispatch(fetchMe());
    const mine = context.store.getState().user.data!.achievements;
    const view = render(
      <AppProviders context={context} i18n={i18n}>
        <AchievementsTab achievements={mine} />
      </AppProviders>,
    );
    await act(async () => fireEvent.click(screen.getByTestId('achievement-quest')));
    expect(await screen.findByTestId('quest-input')).toBeTruthy();
    view.unmount();

    render(
      <AppProviders context={context} i18n={i18n}>
        <AchievementsTab achievements={{}} />
      </AppProviders>,
    );
    expect(screen.queryByTestId('achievement-quest')).toBeNull();
  });

  it('offers nothing once Ghost Pixel is earned', async () => {
    const context = setup({ 10: true });
    await context.store.dispatch(fetchMe());
    render(
      <AppProviders context={context} i18n={i18n}>
        <AchievementsTab achievements={context.store.getState().user.data!.achievements} />
      </AppProviders>,
    );
    expect(screen.getByTestId('achievement-10').dataset.done).toBe('true');
    expect(screen.queryByTestId('achievement-quest')).toBeNull();
  });
});
