import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createWebPlatform } from '../../platform/web.ts';
import { createTestI18n, renderApp } from '../../test/harness.tsx';
import { playerContext } from '../../test/heldFetch.tsx';
import { markWelcomed, welcomeSquadId } from './welcome.ts';

vi.mock('../../pages/WallPage.tsx', () => ({ WallPage: () => <div>wall</div> }));

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
beforeEach(() => localStorage.clear());
afterEach(() => cleanup());

const owls = {
  id: 5,
  name: 'Night Owls',
  slug: 'owls',
  logo: null,
  players: 3,
  scoredRepaints: 10,
  totalRepaints: 40,
  league: 'bronze',
  rank: 4,
  top: [],
};

describe('welcomeSquadId', () => {
  it.each([
    [null, null, null],
    ['', null, null],
    ['f12', null, null],
    ['s5', null, 5],
    ['f12_s5', null, 5],
    ['f12_s5', 7, 5],
    ['f12_s5', 5, null],
    ['s5_s6', null, null],
    ['s0', null, null],
  ])('launch %s with squad %s → %s', (param, current, expected) => {
    expect(welcomeSquadId(param, current)).toBe(expected);
  });

  it('greets once per squad id on this device', () => {
    markWelcomed(5);
    expect(welcomeSquadId('s5', null)).toBeNull();
    expect(welcomeSquadId('s6', null)).toBe(6);
  });
});

describe('the referrer-squad welcome popup', () => {
  it('shows the squad with a Join button, once, and joining closes it', async () => {
    const platform = createWebPlatform('?startapp=f12_s5');
    const { context, net } = playerContext({ player: { squad: null }, platform });
    renderApp('/stats', context, i18n);
    const call = await vi.waitFor(() => {
      const found = net.to('/ratings/squads/5')[0];
      if (!found) throw new Error('not asked yet');
      return found;
    });
    await act(async () => call.respond(200, owls));
    const popup = await screen.findByTestId('squad-welcome');
    expect(
      within(popup).getByText('The squad Night Owls invites you to paint together. Join them!'),
    ).toBeTruthy();
    expect(localStorage.getItem('squadWelcome:5')).toBe('1');

    fireEvent.click(within(popup).getByRole('button', { name: 'Join squad' }));
    const join = net.to('/squads/5/join')[0]!;
    expect(join.init.method).toBe('POST');
    await act(async () => join.respond(204));
    expect(screen.queryByTestId('squad-welcome')).toBeNull();
    expect(context.store.getState().user.data?.squad?.id).toBe(5);
    expect(context.store.getState().ui.toasts.map((toast) => toast.text)).toContain('Welcome to Night Owls!');
    cleanup();

    // Next launch with the same link: no second greeting.
    const again = playerContext({ player: { squad: null }, platform });
    renderApp('/stats', again.context, i18n);
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(again.net.all.filter((c) => c.path === '/ratings/squads/5')).toHaveLength(0);
  });

  it('does not greet a player already in that squad', async () => {
    const platform = createWebPlatform('?startapp=s5');
    const ref = { id: 5, name: 'Night Owls', logo: null, slug: 'owls', templateX: null, templateY: null };
    const { context, net } = playerContext({ player: { squad: ref }, platform });
    renderApp('/stats', context, i18n);
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(net.all.filter((c) => c.path === '/ratings/squads/5')).toHaveLength(0);
    expect(localStorage.getItem('squadWelcome:5')).toBeNull();
  });
});
