import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMemoryTokenStorage } from '../api/tokens.ts';
import { PlatformProvider } from '../platform/PlatformContext.tsx';
import type { Platform } from '../platform/types.ts';
import { createWebPlatform } from '../platform/web.ts';
import { fetchMe } from '../store/userSlice.ts';
import { createTestContext, createTestI18n, json, renderApp, SIGNED_IN, user } from '../test/harness.tsx';
import { ChannelSwap } from './Hidden/ChannelSwap.tsx';
import { INTRO_SEEN_KEY } from './Intro/introSeen.ts';

vi.mock('../pages/WallPage.tsx', () => ({ WallPage: () => <div data-testid="wall-page">wall</div> }));

const missing: string[] = [];
let i18n: I18n;

beforeAll(async () => {
  i18n = await createTestI18n(missing);
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  expect(missing).toEqual([]);
});

describe('Ctrl+Alt+C', () => {
  it('copies the init data and shows it', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const platform: Platform = { ...createWebPlatform(''), initDataRaw: 'query_id=AA1&hash=abc' };
    renderApp('/about', createTestContext({ platform }), i18n);
    await screen.findByRole('heading', { level: 1 });
    await act(async () => {
      fireEvent.keyDown(window, { key: 'c', code: 'KeyC', ctrlKey: true, altKey: true });
    });
    expect(writeText).toHaveBeenCalledWith('query_id=AA1&hash=abc');
    expect((await screen.findByTestId('init-data')).textContent).toBe('query_id=AA1&hash=abc');
    expect(screen.getByRole('status').textContent).toBe('Copied!');
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.queryByTestId('init-data-popup')).toBeNull();
  });

  it('says so when there is no init data, and ignores typing in a field', async () => {
    renderApp('/about', createTestContext(), i18n);
    await screen.findByRole('heading', { level: 1 });
    const field = document.createElement('input');
    document.body.appendChild(field);
    fireEvent.keyDown(field, { key: 'c', code: 'KeyC', ctrlKey: true, altKey: true });
    expect(screen.queryByTestId('init-data-popup')).toBeNull();
    field.remove();
    await act(async () => {
      fireEvent.keyDown(window, { key: 'c', code: 'KeyC', ctrlKey: true, altKey: true });
    });
    expect(await screen.findByText(/no Mini App init data/)).toBeTruthy();
  });
});

describe('robot flag', () => {
  it('hides the whole app when the user call returns no websocket token, and asks again', async () => {
    let token = '';
    const context = createTestContext({
      tokens: createMemoryTokenStorage(SIGNED_IN),
      fetch: (path) => (path === '/users/me' ? json(200, user({ websocketToken: token })) : undefined),
    });
    await context.store.dispatch(fetchMe());
    renderApp('/about', context, i18n);
    expect(await screen.findByTestId('robot-popup')).toBeTruthy();
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Open menu' })).toBeNull();
    token = 'ws-token';
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Open menu' })).toBeTruthy();
    expect(screen.queryByTestId('robot-popup')).toBeNull();
  });
});

describe('intro', () => {
  const telegram = (): Platform => ({ ...createWebPlatform(''), kind: 'telegram' });

  it('greets a first Mini App launch on the Wall once, step by step', async () => {
    renderApp('/', createTestContext({ platform: telegram() }), i18n);
    expect(await screen.findByText('Paint the Wall')).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Step 1 of 3' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Charges refill')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.click(screen.getByRole('button', { name: "Let's paint" }));
    expect(screen.queryByTestId('intro')).toBeNull();
    expect(localStorage.getItem(INTRO_SEEN_KEY)).toBe('1');
    cleanup();
    renderApp('/', createTestContext({ platform: telegram() }), i18n);
    await screen.findByTestId('wall-page');
    expect(screen.queryByTestId('intro')).toBeNull();
  });

  it('stays away from the website', async () => {
    renderApp('/', createTestContext(), i18n);
    await screen.findByTestId('wall-page');
    expect(screen.queryByTestId('intro')).toBeNull();
  });
});

describe('channel swap', () => {
  it('is a page with the channel link, opened through the platform', () => {
    const openLink = vi.fn();
    const platform: Platform = { ...createWebPlatform(''), openLink };
    render(
      <PlatformProvider platform={platform}>
        <I18nextProvider i18n={i18n}>
          <ChannelSwap channelUrl="https://t.me/pixelwall" />
        </I18nextProvider>
      </PlatformProvider>,
    );
    expect(screen.getByRole('heading', { name: 'Pixel Wall moved' })).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Open the channel' });
    expect(link.getAttribute('href')).toBe('https://t.me/pixelwall');
    fireEvent.click(link);
    expect(openLink).toHaveBeenCalledWith('https://t.me/pixelwall');
  });
});
