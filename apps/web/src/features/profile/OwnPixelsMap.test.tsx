import { deflateRawSync } from 'node:zlib';
import { CANVAS_PIXELS, pixelIdOf } from '@pixel-wall/shared/core';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import en from '../../../public/locales/en.json';
import { createTestI18n } from '../../test/harness.tsx';
import { playerContext } from '../../test/heldFetch.tsx';
import { OwnPixelsMap } from './OwnPixelsMap.tsx';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
afterEach(() => cleanup());

const tiers = [
  { price: 8, fromRing: 0, toRing: 63 },
  { price: 4, fromRing: 64, toRing: 191 },
  { price: 2, fromRing: 192, toRing: 383 },
  { price: 1, fromRing: 384, toRing: 511 },
];

function maskBody(ids: number[]): ArrayBuffer {
  const bytes = new Uint8Array(CANVAS_PIXELS);
  for (const id of ids) bytes[id - 1] = 1;
  const packed = deflateRawSync(bytes);
  return packed.buffer.slice(packed.byteOffset, packed.byteOffset + packed.byteLength) as ArrayBuffer;
}

describe('the map of the player’s own pixels', () => {
  it('counts all of them (/image/mask), then those of one price (/image/mask/{price})', async () => {
    const everything = maskBody([pixelIdOf(1, 1), pixelIdOf(512, 512), pixelIdOf(300, 300)]);
    const dearest = maskBody([pixelIdOf(512, 512)]);
    const { context, net } = playerContext({
      player: {},
      quick: (path) =>
        path === '/image/mask'
          ? new Response(everything)
          : path === '/image/mask/8'
            ? new Response(dearest)
            : path === '/image/mask/4'
              ? new Response(maskBody([]))
              : undefined,
    });
    render(
      <Provider store={context.store}>
        <I18nextProvider i18n={i18n}>
          <OwnPixelsMap tiers={tiers} />
        </I18nextProvider>
      </Provider>,
    );
    expect((await screen.findByTestId('own-pixels-count')).textContent).toBe('Your pixels here: 3');
    expect(screen.getByRole('img', { name: en.ownPixels.map })).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('tab', { name: '8 PX' }));
    });
    expect((await screen.findByTestId('own-pixels-count')).textContent).toBe('Your pixels here: 1');
    await act(async () => {
      fireEvent.click(screen.getByRole('tab', { name: '4 PX' }));
    });
    expect((await screen.findByTestId('own-pixels-count')).textContent).toBe(en.ownPixels.none);
    expect(net.all.map((c) => c.path).filter((p) => p.startsWith('/image/mask'))).toEqual([
      '/image/mask',
      '/image/mask/8',
      '/image/mask/4',
    ]);
  });

  it('offers a retry when the mask cannot be loaded, and is not shown to a guest', async () => {
    const { context, net } = playerContext({ player: {} });
    render(
      <Provider store={context.store}>
        <I18nextProvider i18n={i18n}>
          <OwnPixelsMap tiers={tiers} />
        </I18nextProvider>
      </Provider>,
    );
    await act(async () =>
      net.to('/image/mask')[0]!.respond(500, { error: { code: 'INTERNAL', message: 'x' } }),
    );
    expect(await screen.findByText(en.ownPixels.failed)).toBeTruthy();
    cleanup();
    const guest = playerContext({ player: null });
    const { container } = render(
      <Provider store={guest.context.store}>
        <I18nextProvider i18n={i18n}>
          <OwnPixelsMap tiers={tiers} />
        </I18nextProvider>
      </Provider>,
    );
    expect(container.textContent).toBe('');
    expect(guest.net.all.filter((c) => c.path.startsWith('/image/mask'))).toHaveLength(0);
  });
});
