import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import de from '../../public/locales/de.json';
import en from '../../public/locales/en.json';
import fr from '../../public/locales/fr.json';
import { json, renderApp } from '../test/harness.tsx';
import { playerContext } from '../test/heldFetch.tsx';
import { createI18n } from './index.ts';

vi.mock('../pages/WallPage.tsx', () => ({ WallPage: () => <div>wall</div> }));

let i18n: I18n;
beforeEach(async () => {
  localStorage.clear();
  i18n = await createI18n('en', {
    resources: { en: { translation: en }, de: { translation: de }, fr: { translation: fr } },
  });
});
afterEach(() => cleanup());

const localization = (path: string) => path === '/users/localization';

describe('the language kept on the server', () => {
  it('is sent once after sign-in when the stored one differs, and again when the player picks one', async () => {
    const { context, net } = playerContext({
      player: { locale: 'ru' },
      quick: (path) => (localization(path) ? json(200, { success: true, locale: 'en' }) : undefined),
    });
    renderApp('/settings', context, i18n);
    await screen.findByTestId('language-de');
    await waitFor(() => expect(net.all.filter((c) => localization(c.path))).toHaveLength(1));
    const first = net.all.find((c) => localization(c.path))!;
    expect(first.init.method).toBe('POST');
    expect(Object.fromEntries(first.query)).toEqual({ loc: 'en' });
    await waitFor(() => expect(context.store.getState().user.data?.locale).toBe('en'));

    await act(async () => {
      fireEvent.click(screen.getByTestId('language-de'));
    });
    await waitFor(() => expect(net.all.filter((c) => localization(c.path))).toHaveLength(2));
    expect(
      net.all
        .filter((c) => localization(c.path))
        .at(-1)!
        .query.get('loc'),
    ).toBe('de');
    await waitFor(() => expect(context.store.getState().user.data?.locale).toBe('de'));
  });

  it('is not sent when the server already has it, nor for a guest', async () => {
    const signedIn = playerContext({ player: { locale: 'en' } });
    renderApp('/settings', signedIn.context, i18n);
    await screen.findByTestId('language-de');
    await new Promise((r) => setTimeout(r, 20));
    expect(signedIn.net.all.filter((c) => localization(c.path))).toHaveLength(0);
    cleanup();

    const guest = playerContext({ player: null });
    renderApp('/settings', guest.context, i18n);
    await act(async () => {
      fireEvent.click(await screen.findByTestId('language-fr'));
    });
    await new Promise((r) => setTimeout(r, 20));
    expect(guest.net.all.filter((c) => localization(c.path))).toHaveLength(0);
  });

  it('fails silently: logged, not repeated, the app goes on in the picked language', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { context, net } = playerContext({
      player: { locale: null },
      quick: (path) =>
        localization(path)
          ? json(500, { error: { code: 'INTERNAL', message: 'down' }, requestId: 'r' })
          : undefined,
    });
    renderApp('/settings', context, i18n);
    await screen.findByTestId('language-de');
    await waitFor(() =>
      expect(warn).toHaveBeenCalledWith('Saving the language on the server failed', expect.anything()),
    );
    await new Promise((r) => setTimeout(r, 20));
    expect(net.all.filter((c) => localization(c.path))).toHaveLength(1);
    expect(context.store.getState().user.data?.locale).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    warn.mockRestore();
  });
});
