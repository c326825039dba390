import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AppProviders } from '../../App.tsx';
import { createTestI18n } from '../../test/harness.tsx';
import { playerContext } from '../profile/testing.tsx';
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
    expect(net.held.filter((call) => call.path.startsWith('/admin/'))).toHaveLength(1);
    await act(async () => net.to('/admin/ban/7')[0]!.respond(204));
    expect(toasts()).toEqual(['Banned!']);
    fireEvent.click(screen.getByRole('button', { name: 'Unban' }));
    expect(net.to('/admin/unban/7')).toHaveLength(1);
  });
});
