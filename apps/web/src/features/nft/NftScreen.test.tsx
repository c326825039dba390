import { NFT_BYTES } from '@pixel-wall/shared';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import en from '../../../public/locales/en.json';
import ru from '../../../public/locales/ru.json';
import { AppProviders } from '../../App.tsx';
import { createI18n } from '../../i18n/index.ts';
import { createTestI18n } from '../../test/harness.tsx';
import { playerContext } from '../../test/heldFetch.tsx';
import { NftScreen } from './NftScreen.tsx';
import { SubmitConfirm } from './SubmitConfirm.tsx';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const pending = {
  id: 5,
  status: 'pending',
  image: btoa(String.fromCharCode(...new Uint8Array(NFT_BYTES).fill(255))),
  created_at: '2026-01-01T00:00:00.000Z',
  reviewed_at: null,
  approval_no: null,
  mint_hash: null,
  mint_tx: null,
  minted_at: null,
};

function setup(translations: I18n = i18n) {
  const { context, net } = playerContext({ player: { id: 1, isAdmin: false } });
  render(
    <AppProviders context={context} i18n={translations}>
      <MemoryRouter>
        <NftScreen />
      </MemoryRouter>
    </AppProviders>,
  );
  return net;
}

describe('/nft connect screen (SPEC §2, §4)', () => {
  it("says 'Loading data...' while loading, then offers the board", async () => {
    const net = setup();
    const main = () => screen.getByTestId('nft-main') as HTMLButtonElement;
    expect(main().textContent).toBe('Loading data...');
    expect(main().disabled).toBe(true);
    await act(async () =>
      net
        .to('/nft/get')[0]!
        .respond(200, { nftData: null, countApproved: 12, wallet: null, collection: null }),
    );
    expect(main().textContent).toBe('Draw NFT');
    expect(main().disabled).toBe(false);
    expect(screen.getByTestId('nft-count').textContent).toBe('Approved 12 / 1,000 NFTs');
    fireEvent.click(main());
    expect(screen.getByTestId('nft-board')).toBeTruthy();
  });

  it("waits for approval once a drawing is submitted: 'being verified', the button disabled", async () => {
    const net = setup();
    await act(async () =>
      net
        .to('/nft/get')[0]!
        .respond(200, { nftData: pending, countApproved: 0, wallet: null, collection: null }),
    );
    const main = screen.getByTestId('nft-main') as HTMLButtonElement;
    expect(main.textContent).toBe('Wait for NFT approval');
    expect(main.disabled).toBe(true);
    expect(screen.getByTestId('nft-status').textContent).toContain('being verified');
  });

  it('groups the count the Russian way', async () => {
    const russian = await createI18n('ru', {
      resources: { ru: { translation: ru }, en: { translation: en } },
    });
    const net = setup(russian);
    await act(async () =>
      net
        .to('/nft/get')[0]!
        .respond(200, { nftData: null, countApproved: 1_000, wallet: null, collection: null }),
    );
    // Russian groups thousands with a no-break space.
    expect(screen.getByTestId('nft-count').textContent).toBe('Одобрено 1\u00a0000 / 1\u00a0000 NFT');
  });
});

describe('submit confirmation', () => {
  it('keeps the confirm button disabled for a 3 s countdown', async () => {
    vi.useFakeTimers();
    const onConfirm = vi.fn();
    const { context } = playerContext({ player: { id: 1 } });
    render(
      <AppProviders context={context} i18n={i18n}>
        <SubmitConfirm sending={false} onConfirm={onConfirm} onClose={() => {}} />
      </AppProviders>,
    );
    expect(screen.getByTestId('nft-confirm').textContent).toContain(
      'You can only submit an NFT for review once.',
    );
    const button = screen.getByTestId('nft-confirm-submit') as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.textContent).toBe('Submit (3)');
    await act(async () => vi.advanceTimersByTime(2_000));
    expect(button.disabled).toBe(true);
    await act(async () => vi.advanceTimersByTime(1_000));
    expect(button.disabled).toBe(false);
    fireEvent.click(button);
    expect(onConfirm).toHaveBeenCalledOnce();
  });
});
