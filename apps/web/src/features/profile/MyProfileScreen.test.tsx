import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { popupPushed } from '../../store/uiSlice.ts';
import { createTestI18n, json, renderApp } from '../../test/harness.tsx';
import { playerContext } from '../../test/heldFetch.tsx';

vi.mock('../../pages/WallPage.tsx', () => ({ WallPage: () => <div>wall</div> }));

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
afterEach(() => cleanup());

const painter = {
  id: 7,
  firstName: 'Grace',
  userName: 'grace',
  userPic: null,
  league: 'platinum',
  rank: 3,
  repaints: 4200,
  squad: null,
  friends: 2,
  achievements: { '5': true },
  banned: false,
};

describe('/my-profile', () => {
  it('asks guests to sign in', async () => {
    const { context } = playerContext({ player: null });
    renderApp('/my-profile', context, i18n);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('My Profile');
    expect(screen.getByTestId('guest-note')).toBeTruthy();
  });

  it('opens on Info: avatar, name, @handle, league, no rank before the first repaint', async () => {
    const { context } = playerContext({
      player: {
        firstName: 'Ada Lovelace the Painter',
        userName: 'ada',
        league: 'silver',
        rank: 0,
        repaints: 1234,
      },
    });
    renderApp('/my-profile', context, i18n);
    const info = await screen.findByTestId('profile-info');
    expect(within(info).getByTestId('profile-name').textContent).toBe('Ada Lovelace the P…');
    expect(within(info).getByText('@ada')).toBeTruthy();
    expect(within(info).getByText('Silver')).toBeTruthy();
    expect(info.querySelector('[data-stat=rank] dd')?.textContent).toBe('—');
    expect(info.querySelector('[data-stat=repaints] dd')?.textContent).toBe('1.2k');
    expect(screen.getByRole('tab', { name: 'Info' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: 'Inventory' })).toBeTruthy();
  });

  it('lists the achievements of SPEC §3 (no 12) with done and not done', async () => {
    const { context } = playerContext({ player: { achievements: { '1': true, '13': true, '12': true } } });
    const { router } = renderApp('/my-profile', context, i18n);
    fireEvent.click(await screen.findByRole('tab', { name: 'Achievements' }));
    expect(router.state.location.search).toBe('?tab=achievements');
    expect(screen.getByText('2 of 13 earned')).toBeTruthy();
    expect(screen.getByTestId('achievement-1').dataset.done).toBe('true');
    expect(screen.getByTestId('achievement-2').dataset.done).toBe('false');
    expect(screen.getByTestId('achievement-13').dataset.done).toBe('true');
    expect(screen.queryByTestId('achievement-12')).toBeNull();
    expect(screen.getByText('Malevich')).toBeTruthy();
  });

  it('inventory: goods counts and own pixels, ten a page', async () => {
    const pixels = Array.from({ length: 10 }, (_, i) => ({
      id: i + 1,
      x: i,
      y: 0,
      color: '#FF4500',
      dateObtained: '2025-03-01T10:00:00.000Z',
    }));
    const { context, net } = playerContext({
      quick: (path) =>
        path === '/buy/list'
          ? json(200, { products: [], goodsAvailable: { '1': 3, '2': 1500, '4': 1 } })
          : undefined,
    });
    renderApp('/my-profile?tab=inventory', context, i18n);
    const goods = await screen.findByTestId('goods');
    expect(within(goods).getByText('Restoring').nextSibling?.textContent).toBe('3');
    expect(within(goods).getByText('Dynamite').nextSibling?.textContent).toBe('1.5k');
    expect(within(goods).getByText('Pipette').nextSibling?.textContent).toBe('Owned');
    expect(within(goods).getByText('Fast mode').nextSibling?.textContent).toBe('—');

    const page = net.to('/users/mypixels')[0]!;
    expect(Object.fromEntries(page.query)).toEqual({ offset: '0', limit: '10' });
    await act(async () => page.respond(200, { pixels, total: 12, totalPrice: 40 }));
    expect(screen.getByTestId('my-pixels-count').textContent).toBe('12');
    fireEvent.click(screen.getByTestId('load-more'));
    expect(net.to('/users/mypixels')[1]?.query.get('offset')).toBe('10');
  });
});

describe('the painter popup', () => {
  it.each([
    [true, true],
    [false, false],
  ])('admin %s → Ban/Unban next to the user id: %s', async (isAdmin, shown) => {
    const { context, net } = playerContext({ player: { id: 1, isAdmin } });
    renderApp('/my-profile', context, i18n);
    await screen.findByTestId('profile-info');
    act(() => {
      context.store.dispatch(popupPushed({ kind: 'painter', props: { userId: 7 } }));
    });
    const popup = await screen.findByTestId('painter-popup');
    await act(async () => net.to('/users/7/profile')[0]!.respond(200, painter));
    expect(within(popup).getByTestId('profile-id').textContent).toBe('ID 7');
    expect(within(popup).queryByTestId('ban-buttons') !== null).toBe(shown);
    expect(within(popup).queryByRole('tab', { name: 'Inventory' })).toBeNull();
  });

  it('a moderator (GET /admin/me) gets Ban/Unban too', async () => {
    const { context, net } = playerContext({ player: { id: 1, isAdmin: false } });
    renderApp('/my-profile', context, i18n);
    await screen.findByTestId('profile-info');
    act(() => {
      context.store.dispatch(popupPushed({ kind: 'painter', props: { userId: 7 } }));
    });
    const popup = await screen.findByTestId('painter-popup');
    await act(async () => net.to('/users/7/profile')[0]!.respond(200, painter));
    expect(within(popup).queryByTestId('ban-buttons')).toBeNull();
    await act(async () => net.to('/admin/me')[0]!.respond(200, { role: 'moderator' }));
    expect(within(popup).getByTestId('ban-buttons')).toBeTruthy();
  });

  it('a ban shows in the popup right away', async () => {
    const { context, net } = playerContext({ player: { id: 1, isAdmin: true } });
    renderApp('/my-profile', context, i18n);
    await screen.findByTestId('profile-info');
    act(() => {
      context.store.dispatch(popupPushed({ kind: 'painter', props: { userId: 7 } }));
    });
    const popup = await screen.findByTestId('painter-popup');
    await act(async () => net.to('/users/7/profile')[0]!.respond(200, painter));
    fireEvent.click(within(popup).getByRole('button', { name: 'Ban' }));
    await act(async () => net.to('/admin/ban/7')[0]!.respond(204));
    expect(within(popup).getByText('Banned')).toBeTruthy();
  });

  it('says what happened when the profile cannot load', async () => {
    const { context, net } = playerContext({ player: null });
    renderApp('/my-profile', context, i18n);
    await screen.findByTestId('guest-note');
    act(() => {
      context.store.dispatch(popupPushed({ kind: 'painter', props: { userId: 7 } }));
    });
    await screen.findByTestId('painter-popup');
    await act(async () =>
      net
        .to('/users/7/profile')[0]!
        .respond(404, { error: { code: 'NOT_FOUND', message: 'x' }, requestId: 'r' }),
    );
    expect(screen.getByRole('alert').textContent).toContain("Couldn't load this profile.");
  });
});
