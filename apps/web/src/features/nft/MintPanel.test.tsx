import { NFT_BYTES, type NftData } from '@pixel-wall/shared';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../App.tsx';
import { createTestI18n } from '../../test/harness.tsx';
import { playerContext } from '../../test/heldFetch.tsx';
import { MINT_POLL_MS } from './MintPanel.tsx';
import { NftScreen } from './NftScreen.tsx';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const TX = 'ab'.repeat(32);

function drawing(over: Partial<NftData>): NftData {
  return {
    id: 5,
    status: 'approved',
    image: btoa(String.fromCharCode(...new Uint8Array(NFT_BYTES).fill(255))),
    created_at: '2026-01-01T00:00:00.000Z',
    reviewed_at: '2026-01-02T00:00:00.000Z',
    approval_no: 42,
    mint_hash: null,
    mint_tx: null,
    minted_at: null,
    ...over,
  };
}

const got = (nftData: NftData) => ({
  nftData,
  countApproved: 42,
  wallet: `0:${'cd'.repeat(32)}`,
  collection: `0:${'ef'.repeat(32)}`,
});

/** The /nft page with the player's drawing as given, opened on the mint panel. */
async function mintPanel(nftData: NftData) {
  const { context, net } = playerContext({ player: { id: 1, isAdmin: false } });
  render(
    <AppProviders context={context} i18n={i18n}>
      <MemoryRouter>
        <NftScreen />
      </MemoryRouter>
    </AppProviders>,
  );
  await act(async () => net.to('/nft/get')[0]!.respond(200, got(nftData)));
  fireEvent.click(screen.getByTestId('nft-main'));
  expect(screen.getByTestId('nft-mint')).toBeTruthy();
  return net;
}

describe('the mint panel', () => {
  it('while minting: waits for the chain, asks again every few seconds, then shows the explorer link', async () => {
    vi.useFakeTimers();
    const net = await mintPanel(drawing({ status: 'minting', mint_hash: 'cd'.repeat(32) }));
    expect(screen.getByTestId('nft-mint-status').textContent).toBe(
      'Mint sent: it will appear in your wallet soon.',
    );
    expect(screen.getByTestId('nft-mint-waiting').textContent).toBe(
      'Waiting for the mint to show up on chain…',
    );
    expect(screen.queryByTestId('nft-mint-button')).toBeNull();
    expect(screen.queryByTestId('nft-explorer')).toBeNull();

    // Still minting at the first look; minted at the second.
    await act(async () => vi.advanceTimersByTime(MINT_POLL_MS));
    expect(net.to('/nft/get')).toHaveLength(2);
    await act(async () =>
      net.to('/nft/get')[1]!.respond(200, got(drawing({ status: 'minting', mint_hash: 'cd'.repeat(32) }))),
    );
    expect(screen.getByTestId('nft-mint-waiting')).toBeTruthy();
    await act(async () => vi.advanceTimersByTime(MINT_POLL_MS));
    await act(async () =>
      net
        .to('/nft/get')[2]!
        .respond(200, got(drawing({ status: 'minted', mint_tx: TX, minted_at: '2026-01-03T00:00:00.000Z' }))),
    );
    expect(screen.getByTestId('nft-mint-status').textContent).toBe('Minted!');
    expect(screen.queryByTestId('nft-mint-waiting')).toBeNull();
    const link = screen.getByTestId('nft-explorer') as HTMLAnchorElement;
    expect(link.textContent).toBe('View on the explorer');
    expect(link.href).toBe(`https://tonviewer.com/transaction/${TX}`);
    expect(link.target).toBe('_blank');

    // Minted: no more looks.
    await act(async () => vi.advanceTimersByTime(3 * MINT_POLL_MS));
    expect(net.to('/nft/get')).toHaveLength(3);
  });

  it('a mint that did not go through on chain: says so and offers the mint again', async () => {
    vi.useFakeTimers();
    const net = await mintPanel(drawing({ status: 'minting', mint_hash: 'cd'.repeat(32) }));
    await act(async () => vi.advanceTimersByTime(MINT_POLL_MS));
    await act(async () => net.to('/nft/get')[1]!.respond(200, got(drawing({ status: 'approved' }))));
    expect(screen.getByTestId('nft-mint-lost').textContent).toBe(
      'The mint did not go through on chain. You can mint again.',
    );
    expect(screen.getByTestId('nft-mint-button').textContent).toBe('Mint');
    expect(screen.queryByTestId('nft-mint-waiting')).toBeNull();
  });

  it('a minted NFT opens from the connect screen with its explorer link', async () => {
    const { context, net } = playerContext({ player: { id: 1, isAdmin: false } });
    render(
      <AppProviders context={context} i18n={i18n}>
        <MemoryRouter>
          <NftScreen />
        </MemoryRouter>
      </AppProviders>,
    );
    await act(async () =>
      net.to('/nft/get')[0]!.respond(200, got(drawing({ status: 'minted', mint_tx: TX }))),
    );
    expect(screen.getByTestId('nft-main').textContent).toBe('Show my NFT');
    fireEvent.click(screen.getByTestId('nft-main'));
    expect((screen.getByTestId('nft-explorer') as HTMLAnchorElement).href).toBe(
      `https://tonviewer.com/transaction/${TX}`,
    );
  });
});
