import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AppProviders } from '../../App.tsx';
import { createTestContext, createTestI18n, type FetchHandler, json } from '../../test/harness.tsx';
import { PixelPrices } from './PixelPrices.tsx';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
afterEach(cleanup);

const flush = () => act(async () => new Promise((r) => setTimeout(r, 0)));

async function show(fetch: FetchHandler) {
  const context = createTestContext({ fetch });
  await act(async () => {
    render(
      <AppProviders context={context} i18n={i18n}>
        <PixelPrices />
      </AppProviders>,
    );
  });
  await flush();
}

describe('pixel prices (GET /image/prices)', () => {
  it('lists each tier: its rings from the centre, its pixels and the price of one', async () => {
    await show((path) =>
      path === '/image/prices'
        ? json(200, {
            currency: 'PX',
            tiers: [
              { price: 8, fromRing: 0, toRing: 63, pixels: 16_384 },
              { price: 1, fromRing: 384, toRing: 511, pixels: 524_288 },
            ],
          })
        : undefined,
    );
    const rows = await screen.findAllByTestId('pixel-price-tier');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('Rings 0–63 from the centre');
    expect(rows[0]!.textContent).toContain('8 PX');
    expect(rows[1]!.textContent).toContain('1 PX');
  });

  it('says when there are no prices, and offers a retry when they fail to load', async () => {
    let calls = 0;
    await show((path) => {
      if (path !== '/image/prices') return undefined;
      calls++;
      return calls === 1
        ? json(500, { error: { code: 'INTERNAL', message: 'x' }, requestId: 'r' })
        : json(200, { currency: 'PX', tiers: [] });
    });
    expect((await screen.findByRole('alert')).textContent).toContain("Couldn't load pixel prices.");
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No prices yet.')).toBeTruthy();
  });
});
