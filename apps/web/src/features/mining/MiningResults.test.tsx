import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import en from '../../../public/locales/en.json';
import { userPatched } from '../../store/userSlice.ts';
import { createTestI18n } from '../../test/harness.tsx';
import { playerContext } from '../../test/heldFetch.tsx';
import { MiningResults } from './MiningResults.tsx';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
afterEach(() => cleanup());

const path = '/users/game/results';
const results = (overrides = {}) => ({
  claimed: 1234.5,
  claimedMilli: 1_234_500,
  boostsSpentMilli: 300_000,
  boostLevels: 2,
  place: 7,
  miners: 1520,
  ...overrides,
});

function show(context: ReturnType<typeof playerContext>['context']) {
  return render(
    <Provider store={context.store}>
      <I18nextProvider i18n={i18n}>
        <MiningResults />
      </I18nextProvider>
    </Provider>,
  );
}

describe('the mining results', () => {
  it('shows all PX mined, spent on boosts, levels and the place among miners', async () => {
    const { context, net } = playerContext({ player: {} });
    show(context);
    expect(screen.getByText(en.results.title)).toBeTruthy();
    await act(async () => net.to(path)[0]!.respond(200, results()));
    expect(screen.getByTestId('results-mined').textContent).toBe('1,234.5 PX');
    expect(screen.getByTestId('results-spent').textContent).toBe('300 PX');
    expect(screen.getByTestId('results-place').textContent).toBe('#7 of 1,520');
  });

  it('asks again after the balance changes (a claim), and says when there is no place yet', async () => {
    const { context, net } = playerContext({ player: { pixelCoins: 5 } });
    show(context);
    await act(async () => net.to(path)[0]!.respond(200, results({ claimedMilli: 0, claimed: 0, place: 0 })));
    expect(screen.getByTestId('results-place').textContent).toBe(en.results.noPlace);
    await act(async () => {
      context.store.dispatch(userPatched({ pixelCoins: 9 }));
    });
    expect(net.to(path)).toHaveLength(2);
    await act(async () => net.to(path)[1]!.respond(200, results({ place: 1, miners: 1 })));
    expect(screen.getByTestId('results-place').textContent).toBe('#1 of 1');
  });

  it('offers a retry when the results cannot be loaded, and shows nothing to a guest', async () => {
    const { context, net } = playerContext({ player: {} });
    show(context);
    await act(async () => net.to(path)[0]!.respond(503, { error: { code: 'UNAVAILABLE', message: 'x' } }));
    expect(screen.getByText(en.results.failed)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: en.common.retry }));
    await act(async () => net.to(path)[1]!.respond(200, results()));
    expect(screen.getByTestId('mining-results')).toBeTruthy();
    cleanup();

    const guest = playerContext({ player: null });
    const { container } = show(guest.context);
    expect(container.textContent).toBe('');
    expect(guest.net.to(path)).toHaveLength(0);
  });
});
