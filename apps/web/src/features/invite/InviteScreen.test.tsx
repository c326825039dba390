import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fetchPublicConfig } from '../../store/configSlice.ts';
import { createTestI18n, json, renderApp, TEST_CONFIG } from '../../test/harness.tsx';
import { playerContext } from '../../test/heldFetch.tsx';

vi.mock('../../pages/WallPage.tsx', () => ({ WallPage: () => <div>wall</div> }));

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const ref = { id: 3, name: 'Night Owls', logo: null, slug: 'owls', templateX: null, templateY: null };

describe('/invite-frens', () => {
  it('shows the bot link with the squad, and copies it', async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const { context } = playerContext({
      player: { id: 42, squad: ref, friends: 20 },
      quick: (path) =>
        path === '/config' ? json(200, { ...TEST_CONFIG, botUsername: 'wall_bot' }) : undefined,
    });
    await context.store.dispatch(fetchPublicConfig());
    renderApp('/invite-frens', context, i18n);
    const link = (await screen.findByTestId('referral-link')) as HTMLInputElement;
    expect(link.value).toBe('https://t.me/wall_bot?startapp=f42_s3');
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    await vi.waitFor(() => expect(writeText).toHaveBeenCalledWith('https://t.me/wall_bot?startapp=f42_s3'));
    await vi.waitFor(() =>
      expect(context.store.getState().ui.toasts.map((t) => t.text)).toEqual(['Copied!']),
    );
  });

  it('links to this site without a bot, and says so when copying fails', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: undefined });
    const { context } = playerContext({ player: { id: 42, squad: null } });
    renderApp('/invite-frens', context, i18n);
    const link = (await screen.findByTestId('referral-link')) as HTMLInputElement;
    expect(link.value).toBe(`${window.location.origin}/?startapp=f42`);
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    await vi.waitFor(() =>
      expect(context.store.getState().ui.toasts.map((t) => t.text)).toEqual(["Can't copy :-("]),
    );
  });

  it('shows the frens count, the referral milestones and the frens list', async () => {
    const { context, net } = playerContext({ player: { friends: 70 } });
    renderApp('/invite-frens', context, i18n);
    expect((await screen.findByTestId('friends-count')).textContent).toBe('70');
    const bars = screen.getAllByRole('progressbar');
    expect(bars.map((bar) => bar.getAttribute('aria-valuenow'))).toEqual(['16', '64', '70', '70']);
    expect(bars.map((bar) => bar.getAttribute('aria-valuemax'))).toEqual(['16', '64', '128', '10000']);

    const page = net.to('/users/me/friends')[0]!;
    expect(Object.fromEntries(page.query)).toEqual({ limit: '20', offset: '0' });
    await act(async () =>
      page.respond(200, { list: [{ id: 5, firstName: 'Bo', userPic: null, repaints: 12 }], total: 1 }),
    );
    expect(screen.getByTestId('friends-list').textContent).toContain('Bo');
  });

  it('asks guests to sign in for a link', async () => {
    const { context } = playerContext({ player: null });
    renderApp('/invite-frens', context, i18n);
    expect(await screen.findByTestId('guest-note')).toBeTruthy();
    expect(screen.queryByTestId('referral-link')).toBeNull();
  });
});
