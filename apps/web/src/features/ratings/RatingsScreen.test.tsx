import type { PlayerRatingEntry, SquadRatingEntry } from '@pixel-wall/shared';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import en from '../../../public/locales/en.json';
import ru from '../../../public/locales/ru.json';
import { createI18n } from '../../i18n/index.ts';
import { createTestI18n, renderApp } from '../../test/harness.tsx';
import { playerContext } from '../../test/heldFetch.tsx';

vi.mock('../../pages/WallPage.tsx', () => ({ WallPage: () => <div>wall</div> }));

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
afterEach(() => cleanup());

function painters(from: number, count: number): PlayerRatingEntry[] {
  return Array.from({ length: count }, (_, i) => ({
    rank: from + i,
    id: 1000 + from + i,
    firstName: `Painter ${from + i}`,
    userPic: null,
    repaints: 5000 - from - i,
    league: 'gold',
  }));
}

function board(top: PlayerRatingEntry[], total: number, myPlace: unknown = null) {
  return { top, total, myPlace };
}

const squad = (id: number, rank: number, name = `Squad ${id}`): SquadRatingEntry => ({
  rank,
  id,
  name,
  slug: `squad-${id}`,
  logo: null,
  scoredRepaints: 200_000 - rank,
  league: 'platinum',
});

async function flush() {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

describe('/ratings painters', () => {
  it('shows 20 placeholder rows, then pages of 20 until the offset reaches the total', async () => {
    const { context, net } = playerContext({ player: null });
    renderApp('/ratings', context, i18n);
    const skeleton = await screen.findByTestId('skeleton-rows');
    expect(skeleton.querySelectorAll('.player-row--skeleton')).toHaveLength(20);

    const first = net.to('/ratings/leaderboard')[0]!;
    expect(Object.fromEntries(first.query)).toEqual({ period: 'day', limit: '20', offset: '0' });
    await act(async () => first.respond(200, board(painters(1, 20), 45)));
    expect(await screen.findAllByTestId('painter-row')).toHaveLength(20);
    expect(screen.queryByTestId('skeleton-rows')).toBeNull();
    // Guests have no pinned row.
    expect(screen.queryByTestId('pinned-row')).toBeNull();

    const more = screen.getByTestId('load-more') as HTMLButtonElement;
    expect(more.textContent).toBe('Load more');
    fireEvent.click(more);
    expect(more.disabled).toBe(true);
    expect(more.textContent).toBe('Loading…');
    fireEvent.click(more);
    expect(net.to('/ratings/leaderboard')).toHaveLength(2);
    const second = net.to('/ratings/leaderboard')[1]!;
    expect(second.query.get('offset')).toBe('20');
    await act(async () => second.respond(200, board(painters(21, 20), 45)));
    expect(screen.getAllByTestId('painter-row')).toHaveLength(40);

    fireEvent.click(more);
    await act(async () => net.to('/ratings/leaderboard')[2]!.respond(200, board(painters(41, 5), 45)));
    expect(screen.getAllByTestId('painter-row')).toHaveLength(45);
    expect(more.textContent).toBe("That's everyone");
    expect(more.disabled).toBe(true);
  });

  it('switching the period clears the list and aborts the request in flight', async () => {
    const { context, net } = playerContext({ player: null });
    const { router } = renderApp('/ratings', context, i18n);
    await flush();
    await act(async () => net.to('/ratings/leaderboard')[0]!.respond(200, board(painters(1, 20), 100)));
    fireEvent.click(screen.getByTestId('load-more'));
    const inFlight = net.to('/ratings/leaderboard')[1]!;

    fireEvent.click(screen.getByRole('tab', { name: 'Week' }));
    expect(inFlight.init.signal?.aborted).toBe(true);
    expect(router.state.location.search).toBe('?period=week');
    expect(await screen.findByTestId('skeleton-rows')).toBeTruthy();
    expect(screen.queryAllByTestId('painter-row')).toHaveLength(0);
    const week = net.to('/ratings/leaderboard')[2]!;
    expect(Object.fromEntries(week.query)).toEqual({ period: 'week', limit: '20', offset: '0' });

    await act(async () => week.respond(200, board(painters(1, 3), 3)));
    expect(screen.getAllByTestId('painter-row')).toHaveLength(3);
  });

  it.each([
    [0, null],
    [7, '7'],
    [999, '999'],
    [1000, '999+'],
    [25_000, '999+'],
  ])('pins the own row; rank %i shows as %s', async (rank, shown) => {
    const { context, net } = playerContext({ player: { firstName: 'Ada', league: 'silver' } });
    renderApp('/ratings', context, i18n);
    await flush();
    await act(async () =>
      net
        .to('/ratings/leaderboard')[0]!
        .respond(200, board(painters(1, 2), 2, { rank, repaints: 42, league: 'silver' })),
    );
    const pinned = screen.getByTestId('pinned-row');
    expect(within(pinned).getByText('Ada')).toBeTruthy();
    expect(pinned.textContent).toContain('Silver');
    expect(pinned.textContent).toContain('42');
    const rankCell = within(pinned).queryByTestId('pinned-rank');
    if (shown === null) expect(rankCell).toBeNull();
    else expect(rankCell?.textContent).toBe(shown);
  });

  it('shows a failure in words with a retry', async () => {
    const { context, net } = playerContext({ player: null });
    renderApp('/ratings', context, i18n);
    await flush();
    await act(async () =>
      net
        .to('/ratings/leaderboard')[0]!
        .respond(500, { error: { code: 'INTERNAL', message: 'x' }, requestId: 'r' }),
    );
    expect(screen.getByRole('alert').textContent).toBe(
      "Couldn't load the ratings. Check your connection and try again.",
    );
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(net.to('/ratings/leaderboard')[1]?.query.get('offset')).toBe('0');
  });

  it('tapping a painter opens the painter popup with the profile', async () => {
    const { context, net } = playerContext({ player: null });
    renderApp('/ratings', context, i18n);
    await flush();
    await act(async () => net.to('/ratings/leaderboard')[0]!.respond(200, board(painters(1, 2), 2)));
    fireEvent.click(screen.getAllByTestId('painter-row')[1]!);
    expect(context.store.getState().ui.popups).toEqual([{ kind: 'painter', props: { userId: 1002 } }]);
    const popup = await screen.findByTestId('painter-popup');
    await act(async () =>
      net.to('/users/1002/profile')[0]!.respond(200, {
        id: 1002,
        firstName: 'Painter 2',
        userName: 'p2',
        userPic: null,
        league: 'gold',
        rank: 2,
        repaints: 4998,
        squad: null,
        friends: 3,
        achievements: {},
        banned: false,
      }),
    );
    expect(within(popup).getByTestId('profile-name').textContent).toBe('Painter 2');
    expect(within(popup).getByText('@p2')).toBeTruthy();
    // No inventory in the popup (SPEC §6).
    expect(within(popup).queryByRole('tab', { name: 'Inventory' })).toBeNull();
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }));
    expect(context.store.getState().ui.popups).toEqual([]);
  });

  it('writes repaints with the Russian decimal comma', async () => {
    const russian = await createI18n('ru', {
      resources: { ru: { translation: ru }, en: { translation: en } },
    });
    const { context, net } = playerContext({ player: { firstName: 'Ada' } });
    renderApp('/ratings', context, russian);
    await flush();
    const [first, second] = painters(1, 2);
    await act(async () =>
      net.to('/ratings/leaderboard')[0]!.respond(
        200,
        board(
          [
            { ...first!, repaints: 1_250_000 },
            { ...second!, repaints: 12_345 },
          ],
          2,
          {
            rank: 7,
            repaints: 4_321,
            league: 'silver',
          },
        ),
      ),
    );
    const rows = screen.getAllByTestId('painter-row');
    expect(rows[0]!.querySelector('.player-row__score')?.textContent).toBe('1,2M');
    expect(rows[1]!.querySelector('.player-row__score')?.textContent).toBe('12,3k');
    expect(screen.getByTestId('pinned-row').querySelector('.player-row__score')?.textContent).toBe('4,3k');
  });
});

describe('/ratings squads', () => {
  it('asks for platinum squads and offers joining only to players without a squad', async () => {
    const { context, net } = playerContext({ player: { squad: null } });
    renderApp('/ratings?section=squads', context, i18n);
    await flush();
    expect(screen.getByTestId('join-squad')).toBeTruthy();
    const call = net.to('/ratings/squads')[0]!;
    expect(Object.fromEntries(call.query)).toEqual({ league: 'platinum', limit: '20', offset: '0' });
    await act(async () =>
      call.respond(200, { top: [squad(1, 1), squad(2, 2)], total: 2, MySquadPlace: null, mySquad: null }),
    );
    expect(screen.getAllByTestId('squad-row')).toHaveLength(2);
    expect(screen.queryByTestId('own-squad-row')).toBeNull();
  });

  it('pins the own squad, and a tap fetches the squad before opening its popup', async () => {
    const ref = { id: 9, name: 'Night Owls', logo: null, slug: 'owls', templateX: null, templateY: null };
    const { context, net } = playerContext({ player: { squad: ref } });
    renderApp('/ratings?section=squads', context, i18n);
    await flush();
    expect(screen.queryByTestId('join-squad')).toBeNull();
    await act(async () =>
      net.to('/ratings/squads')[0]!.respond(200, {
        top: [squad(1, 1)],
        total: 1,
        MySquadPlace: { rank: 1500, scoredRepaints: 77 },
        mySquad: { ...squad(9, 1500, 'Night Owls'), scoredRepaints: 77 },
      }),
    );
    const own = screen.getByTestId('own-squad-row');
    expect(own.textContent).toContain('Night Owls');
    expect(own.textContent).toContain('Your squad');
    expect(own.textContent).toContain('999+');
    expect(own.textContent).toContain('77');

    fireEvent.click(screen.getByTestId('squad-row'));
    expect(context.store.getState().ui.popups).toEqual([]);
    const info = net.to('/ratings/squads/1')[0]!;
    await act(async () =>
      info.respond(200, {
        ...squad(1, 1, 'Pixel Punks'),
        players: 12,
        totalRepaints: 300_000,
        top: [],
      }),
    );
    const popup = await screen.findByTestId('squad-popup');
    expect(within(popup).getByTestId('squad-name').textContent).toBe('Pixel Punks');
    expect(within(popup).getByRole('button', { name: 'Join squad' })).toBeTruthy();
  });

  it('turns the squads icon into its secret variant on the tenth tap', async () => {
    const { context } = playerContext({ player: null });
    renderApp('/ratings?section=squads', context, i18n);
    const icon = await screen.findByTestId('squads-icon');
    for (let i = 0; i < 9; i++) fireEvent.click(icon);
    expect(icon.dataset.secret).toBe('false');
    fireEvent.click(icon);
    expect(icon.dataset.secret).toBe('true');
  });
});

describe('/ratings leagues', () => {
  it("opens on the player's own league (GET /ratings/personal), pinned row included; switching asks again", async () => {
    const { context, net } = playerContext({ player: { firstName: 'Ada', league: 'silver' } });
    renderApp('/ratings?section=leagues', context, i18n);
    await flush();
    expect(await screen.findByTestId('skeleton-rows')).toBeTruthy();
    const first = net.to('/ratings/personal')[0]!;
    expect(Object.fromEntries(first.query)).toEqual({ league: 'silver', limit: '20', offset: '0' });
    expect(net.to('/ratings/leaderboard')).toHaveLength(0);
    await act(async () =>
      first.respond(200, board(painters(1, 3), 3, { rank: 2, repaints: 42, league: 'silver' })),
    );
    const list = screen.getByTestId('league-list');
    expect(within(list).getAllByTestId('painter-row')).toHaveLength(3);
    expect(screen.getByTestId('pinned-row').textContent).toContain('42');

    fireEvent.click(screen.getByRole('tab', { name: 'Diamond' }));
    await flush();
    const second = net.to('/ratings/personal')[1]!;
    expect(second.query.get('league')).toBe('diamond');
    await act(async () => second.respond(200, board([], 0)));
    // Not the player's league: no pinned row; an empty league says so.
    expect(screen.queryByTestId('pinned-row')).toBeNull();
    expect(screen.getByText('Nobody paints in this league yet.')).toBeTruthy();
  });

  it('a guest sees the bronze league, and a failure in words with a retry', async () => {
    const { context, net } = playerContext({ player: null });
    renderApp('/ratings?section=leagues', context, i18n);
    await flush();
    const first = net.to('/ratings/personal')[0]!;
    expect(first.query.get('league')).toBe('bronze');
    await act(async () => first.respond(500, { error: { code: 'INTERNAL', message: 'x' }, requestId: 'r' }));
    expect(screen.getByRole('alert').textContent).toContain("Couldn't load the ratings");
    fireEvent.click(screen.getByTestId('load-more'));
    await flush();
    expect(net.to('/ratings/personal')).toHaveLength(2);
  });
});
