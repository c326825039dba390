import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AppProviders } from '../../App.tsx';
import { createMemoryTokenStorage } from '../../api/tokens.ts';
import {
  createTestContext,
  createTestI18n,
  type FetchHandler,
  json,
  SIGNED_IN,
} from '../../test/harness.tsx';
import { RewardProgress } from './RewardProgress.tsx';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
afterEach(cleanup);

const flush = () => act(async () => new Promise((r) => setTimeout(r, 0)));

async function show(fetch: FetchHandler) {
  const context = createTestContext({ tokens: createMemoryTokenStorage(SIGNED_IN), fetch });
  await act(async () => {
    render(
      <AppProviders context={context} i18n={i18n}>
        <RewardProgress />
      </AppProviders>,
    );
  });
  await flush();
}

describe('token reward progress (GET /rewards/tokens/obtain/progress)', () => {
  it('shows PX obtained, in how many rewards, and what is left to claim', async () => {
    await show((path) =>
      path === '/rewards/tokens/obtain/progress'
        ? json(200, { total: '12.5', count: 3, reward_size: '4' })
        : undefined,
    );
    await waitFor(() =>
      expect(screen.getByTestId('reward-progress').textContent).toContain('Obtained in 3 rewards'),
    );
    const block = screen.getByTestId('reward-progress');
    expect(block.textContent).toContain('12.5 PX');
    expect(block.textContent).toContain('To claim');
    expect(block.textContent).toContain('4 PX');
  });

  it('shows nothing before the first reward (the list says there is none)', async () => {
    await show((path) =>
      path === '/rewards/tokens/obtain/progress'
        ? json(200, { total: '0', count: 0, reward_size: '0' })
        : undefined,
    );
    expect(screen.queryByTestId('reward-progress')).toBeNull();
  });

  it('shows the loading state, then a failure with a retry that loads again', async () => {
    let calls = 0;
    await show((path) => {
      if (path !== '/rewards/tokens/obtain/progress') return undefined;
      calls++;
      return calls === 1
        ? json(500, { error: { code: 'INTERNAL', message: 'x' }, requestId: 'r' })
        : json(200, { total: '1', count: 1, reward_size: '1' });
    });
    expect((await screen.findByRole('alert')).textContent).toContain("Couldn't load your reward progress.");
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByTestId('reward-progress').getAttribute('aria-busy')).toBe('true');
    await waitFor(() =>
      expect(screen.getByTestId('reward-progress').textContent).toContain('Obtained in 1 rewards'),
    );
    expect(calls).toBe(2);
  });
});
