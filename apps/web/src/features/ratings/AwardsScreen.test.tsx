import type { RewardWinner } from '@pixel-wall/shared';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import en from '../../../public/locales/en.json';
import { createTestI18n, renderApp } from '../../test/harness.tsx';
import { playerContext } from '../../test/heldFetch.tsx';

vi.mock('../../pages/WallPage.tsx', () => ({ WallPage: () => <div>wall</div> }));

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
afterEach(() => cleanup());

function winner(n: number, overrides: Partial<RewardWinner> = {}): RewardWinner {
  return {
    rewardId: 1000 - n,
    userId: 500 + n,
    firstName: `Winner ${n}`,
    userName: null,
    userPic: null,
    type: 'token',
    amount: 12.5,
    token: 'PX',
    productId: null,
    source: 'paint',
    paid: false,
    date: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

const path = '/ratings/rewardWinners';

describe('/ratings/awards', () => {
  it('keeps the nothing-yet text and the channel link while nobody has won anything', async () => {
    const { context, net } = playerContext({ player: null });
    renderApp('/ratings/awards', context, i18n);
    expect(await screen.findByTestId('skeleton-rows')).toBeTruthy();
    const first = net.to(path)[0]!;
    expect(Object.fromEntries(first.query)).toEqual({ limit: '20', offset: '0' });
    await act(async () => first.respond(200, { winners: [], total: 0 }));
    expect(await screen.findByText(en.ratings.nothingYet)).toBeTruthy();
    expect(screen.getByText(en.ratings.probablyNothing)).toBeTruthy();
    expect(screen.queryByTestId('awards-list')).toBeNull();
  });

  it('lists the winners newest first: prize, source, date, paid; pages of 20; a tap opens the player', async () => {
    const { context, net } = playerContext({ player: null });
    renderApp('/ratings/awards', context, i18n);
    await screen.findByTestId('skeleton-rows');
    const page = [
      winner(1, { paid: true, source: 'hidden' }),
      winner(2, { type: 'goods', amount: 2, token: null, productId: 2 }),
      ...Array.from({ length: 18 }, (_, i) => winner(i + 3, { source: 'something-new' })),
    ];
    await act(async () => net.to(path)[0]!.respond(200, { winners: page, total: 25 }));
    const rows = await screen.findAllByTestId('award-row');
    expect(rows).toHaveLength(20);
    expect(within(rows[0]!).getByText('Winner 1')).toBeTruthy();
    expect(within(rows[0]!).getByTestId('award-prize').textContent).toBe('12.5 PX');
    expect(rows[0]!.textContent).toContain(en.awards.sources.hidden);
    expect(rows[0]!.textContent).toContain(en.awards.paid);
    expect(within(rows[1]!).getByTestId('award-prize').textContent).toBe(
      `${en.shop.products.dynamite.name} ×2`,
    );
    expect(rows[1]!.textContent).not.toContain(en.awards.paid);
    expect(rows[2]!.textContent).toContain(en.awards.sources.other);

    fireEvent.click(screen.getByTestId('load-more'));
    const second = net.to(path)[1]!;
    expect(second.query.get('offset')).toBe('20');
    await act(async () =>
      second.respond(200, { winners: Array.from({ length: 5 }, (_, i) => winner(i + 21)), total: 25 }),
    );
    expect(screen.getAllByTestId('award-row')).toHaveLength(25);
    expect(screen.getByTestId('load-more').textContent).toBe(en.ratings.list.exhausted);

    fireEvent.click(screen.getAllByTestId('award-row')[0]!);
    expect(context.store.getState().ui.popups.at(-1)).toMatchObject({
      kind: 'painter',
      props: { userId: 501 },
    });
  });

  it('says when the winners cannot be loaded and tries again', async () => {
    const { context, net } = playerContext({ player: null });
    renderApp('/ratings/awards', context, i18n);
    await screen.findByTestId('skeleton-rows');
    await act(async () => net.to(path)[0]!.respond(500, { error: { code: 'INTERNAL', message: 'x' } }));
    expect(await screen.findByText(en.awards.loadFailed)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: en.common.retry }));
    await act(async () => net.to(path)[1]!.respond(200, { winners: [winner(1)], total: 1 }));
    expect(await screen.findAllByTestId('award-row')).toHaveLength(1);
  });
});
