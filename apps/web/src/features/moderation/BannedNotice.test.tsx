import { CloseCode } from '@pixel-wall/shared';
import { act, cleanup, render, screen } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import ru from '../../../public/locales/ru.json';
import { AppProviders } from '../../App.tsx';
import { createBannedSignal, isBannedError, noticeBanned, noticeSocketClose } from '../../api/banned.ts';
import { ApiError } from '../../api/errors.ts';
import { createI18n } from '../../i18n/index.ts';
import { fetchMe } from '../../store/userSlice.ts';
import { createTestI18n, user } from '../../test/harness.tsx';
import { type PlayerContextOptions, playerContext } from '../../test/heldFetch.tsx';
import { BannedNotice } from './BannedNotice.tsx';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
afterEach(() => cleanup());

function setup(player: PlayerContextOptions['player'] = { id: 1 }, texts: I18n = i18n) {
  const signal = createBannedSignal();
  const { context, net } = playerContext({ player });
  render(
    <AppProviders context={context} i18n={texts}>
      <BannedNotice signal={signal} />
    </AppProviders>,
  );
  return { signal, context, net };
}

const banned = () => new ApiError(403, 'BANNED', 'This account is banned.', 'r1');

describe('BannedNotice', () => {
  it('is not there until something says BANNED', () => {
    const { signal } = setup();
    noticeBanned(new ApiError(403, 'FORBIDDEN', 'no'), signal);
    noticeBanned(new Error('BANNED'), signal);
    noticeSocketClose(CloseCode.Unauthorized, signal);
    expect(screen.queryByTestId('banned-notice')).toBeNull();
  });

  it('appears on a 403 BANNED from the API: why, and where to write', async () => {
    const { signal } = setup();
    await act(async () => noticeBanned(banned(), signal));
    const notice = screen.getByTestId('banned-notice');
    expect(notice.getAttribute('role')).toBe('alert');
    expect(notice.textContent).toContain('This account is banned.');
    expect(notice.textContent).toContain('Think this is a mistake? Contact support:');
    const email = await screen.findByTestId('banned-contact');
    expect(email.textContent).toBe('team@example.test');
    expect(email.getAttribute('href')).toBe('mailto:team@example.test');
  });

  it('appears when the socket closes with 4403, and on a BANNED RPC answer', async () => {
    const first = setup();
    await act(async () => noticeSocketClose(CloseCode.Banned, first.signal));
    expect(screen.getByTestId('banned-notice')).toBeTruthy();
    cleanup();
    const second = setup();
    await act(async () =>
      noticeBanned({ code: 'BANNED', message: 'This account is banned.' }, second.signal),
    );
    expect(screen.getByTestId('banned-notice')).toBeTruthy();
  });

  it('appears when /users/me is refused with BANNED, and goes once it loads again', async () => {
    const { context } = setup();
    await act(async () => {
      context.store.dispatch(
        fetchMe.rejected(null, 'r', undefined, {
          status: 403,
          code: 'BANNED',
          message: 'This account is banned.',
          requestId: 'r',
        }),
      );
    });
    expect(screen.getByTestId('banned-notice')).toBeTruthy();
    await act(async () => {
      context.store.dispatch(fetchMe.pending('again', undefined));
      context.store.dispatch(fetchMe.fulfilled(user({ id: 1 }), 'again', undefined));
    });
    expect(screen.queryByTestId('banned-notice')).toBeNull();
  });

  it('speaks the player language', async () => {
    const russian = await createI18n('ru', { resources: { ru: { translation: ru } } });
    const { signal } = setup({ id: 1 }, russian);
    await act(async () => noticeBanned(banned(), signal));
    const text = screen.getByTestId('banned-notice').textContent;
    expect(text).toContain('Этот аккаунт заблокирован.');
    expect(text).toContain('Напишите в поддержку');
  });

  it('knows a BANNED error by its code', () => {
    expect(isBannedError(banned())).toBe(true);
    expect(isBannedError({ code: 'BANNED' })).toBe(true);
    expect(isBannedError(null)).toBe(false);
    expect(isBannedError('BANNED')).toBe(false);
  });
});
