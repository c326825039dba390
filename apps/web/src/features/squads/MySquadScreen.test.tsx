import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestI18n, renderApp } from '../../test/harness.tsx';
import { playerContext } from '../../test/heldFetch.tsx';

vi.mock('../../pages/WallPage.tsx', () => ({ WallPage: () => <div>wall</div> }));

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
afterEach(() => cleanup());

const details = (id: number, name: string) => ({
  id,
  name,
  slug: `${name.toLowerCase().replace(/\W+/g, '-')}`,
  logo: null,
  players: 12,
  scoredRepaints: 1500,
  totalRepaints: 9000,
  league: 'silver',
  rank: 0,
  top: [],
});
const ref = { id: 3, name: 'Night Owls', logo: null, slug: 'owls', templateX: null, templateY: null };

describe('/my-squad', () => {
  it('own squad: info, and "Your Squad. Leave?" asks before leaving', async () => {
    const { context, net } = playerContext({ player: { squad: ref } });
    renderApp('/my-squad', context, i18n);
    await act(async () => net.to('/ratings/squads/3')[0]!.respond(200, details(3, 'Night Owls')));
    expect(screen.getByTestId('squad-name').textContent).toBe('Night Owls');
    const info = screen.getByTestId('squad-info');
    expect(info.querySelector('[data-stat=players] dd')?.textContent).toBe('12');
    expect(info.querySelector('[data-stat=scored] dd')?.textContent).toBe('1.5k');
    expect(info.querySelector('[data-stat=total] dd')?.textContent).toBe('9k');
    expect(info.querySelector('[data-stat=league] dd')?.textContent).toBe('Silver');
    expect(info.querySelector('[data-stat=rank] dd')?.textContent).toBe('—');

    fireEvent.click(screen.getByRole('button', { name: 'Your Squad. Leave?' }));
    expect(net.to('/squads/leave')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Stay' }));
    fireEvent.click(screen.getByRole('button', { name: 'Your Squad. Leave?' }));
    fireEvent.click(screen.getByRole('button', { name: 'Leave' }));
    fireEvent.click(screen.getByRole('button', { name: 'Leave' }));
    expect(net.to('/squads/leave')).toHaveLength(1);
    await act(async () => net.to('/squads/leave')[0]!.respond(204));
    expect(context.store.getState().ui.toasts.map((t) => t.text)).toContain('You left the squad.');
    expect(await screen.findByTestId('no-squad')).toBeTruthy();
  });

  it('another squad by ?id= offers Join squad', async () => {
    const { context, net } = playerContext({ player: { squad: null } });
    renderApp('/my-squad?id=8', context, i18n);
    await act(async () => net.to('/ratings/squads/8')[0]!.respond(200, details(8, 'Pixel Punks')));
    fireEvent.click(screen.getByRole('button', { name: 'Join squad' }));
    await act(async () => net.to('/squads/8/join')[0]!.respond(204));
    expect(context.store.getState().user.data?.squad?.name).toBe('Pixel Punks');
    expect(await screen.findByRole('button', { name: 'Your Squad. Leave?' })).toBeTruthy();
  });

  it('a failed join says so and keeps the button', async () => {
    const { context, net } = playerContext({ player: { squad: null } });
    renderApp('/my-squad?id=8', context, i18n);
    await act(async () => net.to('/ratings/squads/8')[0]!.respond(200, details(8, 'Pixel Punks')));
    fireEvent.click(screen.getByRole('button', { name: 'Join squad' }));
    await act(async () =>
      net
        .to('/squads/8/join')[0]!
        .respond(409, { error: { code: 'CONFLICT', message: 'x' }, requestId: 'r' }),
    );
    expect(context.store.getState().ui.toasts.map((t) => t.text)).toContain(
      "Couldn't join the squad. Try again.",
    );
    expect(screen.getByRole('button', { name: 'Join squad' })).toBeTruthy();
  });

  it('without a squad it says how to find one', async () => {
    const { context, net } = playerContext({ player: { squad: null } });
    renderApp('/my-squad', context, i18n);
    expect(await screen.findByTestId('no-squad')).toBeTruthy();
    expect(net.all.filter((c) => c.path.startsWith('/ratings/squads'))).toHaveLength(0);
  });
});
