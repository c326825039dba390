import { act, cleanup, screen } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import de from '../../../public/locales/de.json';
import en from '../../../public/locales/en.json';
import { createI18n } from '../../i18n/index.ts';
import { createTestI18n, json, renderApp } from '../../test/harness.tsx';
import { playerContext } from '../../test/heldFetch.tsx';
import { ONLINE_REFRESH_MS } from './useOnlineVisitors.ts';

vi.mock('../../pages/WallPage.tsx', () => ({ WallPage: () => <div>wall</div> }));

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const stats = {
  totalPlayers: 12_345,
  totalRepaints: 7_900_000_000,
  premium_users: 321,
  active_users: 4_000,
  daily_users: 999,
  daily_repaints: 1_250_000,
  top_countries: { DE: 10, US: 300, BR: 20 },
};

describe('/stats', () => {
  it('shows the game in numbers and refreshes who is online every 10 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let online = 5;
    const { context, net } = playerContext({
      player: null,
      quick: (path) => {
        if (path === '/users/stats') return json(200, stats);
        if (path === '/history/online/stats') return json(200, { current_visitors: online });
        return undefined;
      },
    });
    renderApp('/stats', context, i18n);
    const grid = await screen.findByTestId('stats-grid');
    expect(grid.querySelector('[data-stat=players] dd')?.textContent).toBe('12.3k');
    expect(grid.querySelector('[data-stat=repaints] dd')?.textContent).toBe('7.9B');
    expect(grid.querySelector('[data-stat=premium] dd')?.textContent).toBe('321');
    expect(grid.querySelector('[data-stat=dailyRepaints] dd')?.textContent).toBe('1.2M');
    const countries = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(countries[0]).toContain('300');
    expect(countries[0]).toContain('United States');
    expect((await screen.findByTestId('online-visitors')).textContent).toBe('Online now: 5');

    online = 1_500;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(ONLINE_REFRESH_MS);
    });
    expect(screen.getByTestId('online-visitors').textContent).toBe('Online now: 1.5k');
    expect(net.all.filter((c) => c.path === '/history/online/stats')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Invite fren' }).getAttribute('href')).toBe('/invite-frens');
  });

  it('says what happened when the stats cannot load', async () => {
    const { context, net } = playerContext({ player: null });
    renderApp('/stats', context, i18n);
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    await act(async () =>
      net
        .to('/users/stats')[0]!
        .respond(503, { error: { code: 'UNAVAILABLE', message: 'x' }, requestId: 'r' }),
    );
    expect(screen.getByRole('alert').textContent).toContain("Couldn't load the stats.");
  });

  it('writes the figures the German way', async () => {
    const german = await createI18n('de', {
      resources: { de: { translation: de }, en: { translation: en } },
    });
    const { context } = playerContext({
      player: null,
      quick: (path) => {
        if (path === '/users/stats') return json(200, stats);
        if (path === '/history/online/stats') return json(200, { current_visitors: 1_500 });
        return undefined;
      },
    });
    renderApp('/stats', context, german);
    const grid = await screen.findByTestId('stats-grid');
    expect(grid.querySelector('[data-stat=players] dd')?.textContent).toBe('12,3k');
    expect(grid.querySelector('[data-stat=repaints] dd')?.textContent).toBe('7,9B');
    expect(grid.querySelector('[data-stat=dailyRepaints] dd')?.textContent).toBe('1,2M');
    expect(screen.getAllByRole('listitem')[0]?.textContent).toContain('Vereinigte Staaten');
    expect((await screen.findByTestId('online-visitors')).textContent).toBe('Gerade online: 1,5k');
  });
});
