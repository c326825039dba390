import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AppProviders } from '../../App.tsx';
import { createTestI18n } from '../../test/harness.tsx';
import { playerContext } from '../../test/heldFetch.tsx';
import { BanButtons } from './BanButtons.tsx';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
afterEach(() => cleanup());

function setup(isAdmin: boolean, onChange: (banned: boolean) => void = () => {}) {
  const { context, net } = playerContext({ player: { id: 1, isAdmin } });
  render(
    <AppProviders context={context} i18n={i18n}>
      <BanButtons userId={7} onChange={onChange} />
    </AppProviders>,
  );
  const toasts = () => context.store.getState().ui.toasts.map((toast) => toast.text);
  return { context, net, toasts };
}

describe('Ban and Unban (SPEC §6, §7, §8)', () => {
  it('are not there for players who are not admins', () => {
    setup(false);
    expect(screen.queryByTestId('ban-buttons')).toBeNull();
  });

  it('follow GET /admin/me: a moderator sees them, a player the server does not know as staff does not', async () => {
    const mod = setup(false);
    expect(screen.queryByTestId('ban-buttons')).toBeNull();
    await act(async () => mod.net.to('/admin/me')[0]!.respond(200, { role: 'moderator' }));
    expect(screen.getByTestId('ban-buttons')).toBeTruthy();
    cleanup();

    const demoted = setup(true);
    // Until the server answers, /users/me's isAdmin decides.
    expect(screen.getByTestId('ban-buttons')).toBeTruthy();
    await act(async () => demoted.net.to('/admin/me')[0]!.respond(200, { role: 'player' }));
    expect(screen.queryByTestId('ban-buttons')).toBeNull();
  });

  it('fall back to isAdmin when /admin/me fails', async () => {
    const { net } = setup(true);
    await act(async () =>
      net.to('/admin/me')[0]!.respond(404, { error: { code: 'NOT_FOUND', message: 'x' }, requestId: 'r' }),
    );
    expect(screen.getByTestId('ban-buttons')).toBeTruthy();
  });

  it('ask /admin/me once for every popup of the session', async () => {
    const { context, net } = playerContext({ player: { id: 1, isAdmin: false } });
    const popups = (
      <AppProviders context={context} i18n={i18n}>
        <BanButtons userId={7} />
        <BanButtons userId={8} />
      </AppProviders>
    );
    const view = render(popups);
    await act(async () => net.to('/admin/me')[0]!.respond(200, { role: 'moderator' }));
    expect(screen.getAllByTestId('ban-buttons')).toHaveLength(2);
    view.unmount();
    render(popups);
    await act(async () => {});
    expect(screen.getAllByTestId('ban-buttons')).toHaveLength(2);
    expect(net.all.filter((call) => call.path === '/admin/me')).toHaveLength(1);
  });

  it('are never there for guests or on their own profile', () => {
    const { context } = playerContext({ player: { id: 7, isAdmin: true } });
    render(
      <AppProviders context={context} i18n={i18n}>
        <BanButtons userId={7} />
      </AppProviders>,
    );
    expect(screen.queryByTestId('ban-buttons')).toBeNull();
    cleanup();
    const guest = playerContext({ player: null });
    render(
      <AppProviders context={guest.context} i18n={i18n}>
        <BanButtons userId={7} />
      </AppProviders>,
    );
    expect(screen.queryByTestId('ban-buttons')).toBeNull();
    expect(guest.net.all.filter((call) => call.path === '/admin/me')).toHaveLength(0);
  });

  it('a 204 bans: "Banned!" and the new state', async () => {
    const changes: boolean[] = [];
    const { net, toasts } = setup(true, (banned) => changes.push(banned));
    fireEvent.click(screen.getByRole('button', { name: 'Ban' }));
    const call = net.to('/admin/ban/7')[0]!;
    expect(call.init.method).toBe('PUT');
    await act(async () => call.respond(204));
    expect(toasts()).toEqual(['Banned!']);
    expect(changes).toEqual([true]);
  });

  it('a 204 unbans: "Unbanned!"', async () => {
    const { net, toasts } = setup(true);
    fireEvent.click(screen.getByRole('button', { name: 'Unban' }));
    await act(async () => net.to('/admin/unban/7')[0]!.respond(204));
    expect(toasts()).toEqual(['Unbanned!']);
  });

  it.each([
    [200, {}],
    [403, { error: { code: 'FORBIDDEN', message: 'no' }, requestId: 'r' }],
    [500, { error: { code: 'INTERNAL', message: 'no' }, requestId: 'r' }],
  ])('anything but 204 (%i) is "Something went wrong..."', async (status, body) => {
    const changes: boolean[] = [];
    const { net, toasts } = setup(true, (banned) => changes.push(banned));
    fireEvent.click(screen.getByRole('button', { name: 'Ban' }));
    await act(async () => net.to('/admin/ban/7')[0]!.respond(status, body));
    expect(toasts()).toEqual(['Something went wrong...']);
    expect(changes).toEqual([]);
  });

  it('ignores taps while a request is pending', async () => {
    const { net, toasts } = setup(true);
    const ban = screen.getByRole('button', { name: 'Ban' });
    fireEvent.click(ban);
    fireEvent.click(ban);
    fireEvent.click(screen.getByRole('button', { name: 'Unban' }));
    expect(net.held.filter((call) => /^\/admin\/(un)?ban\//.test(call.path))).toHaveLength(1);
    await act(async () => net.to('/admin/ban/7')[0]!.respond(204));
    expect(toasts()).toEqual(['Banned!']);
    fireEvent.click(screen.getByRole('button', { name: 'Unban' }));
    expect(net.to('/admin/unban/7')).toHaveLength(1);
  });
});
