import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../App.tsx';
import { createMemoryTokenStorage } from '../../api/tokens.ts';
import { createWebPlatform } from '../../platform/web.ts';
import { createAppContext } from '../../session.ts';
import { createTestI18n, json, miningStatus, SIGNED_IN, TEST_CONFIG, user } from '../../test/harness.tsx';
import { normalizeSecretWord, secretWordProblem } from './quest.ts';
import { SecretQuest } from './SecretQuest.tsx';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
afterEach(cleanup);

type Answer = (path: string, body: unknown) => Response | Promise<Response> | undefined;

const stats = (over: { done?: boolean; completedBy?: number; open?: boolean } = {}) => ({
  quests: [{ id: 'secretWord', done: false, completedBy: 3, open: true, ...over }],
});
const failure = (status: number, code: string, details?: object) =>
  json(status, { error: { code, message: code, ...(details ? { details } : {}) }, requestId: 'r' });

function setup(answer: Answer, signedIn = true) {
  const calls: { path: string; body: unknown }[] = [];
  const platform = { ...createWebPlatform(''), haptic: vi.fn() };
  const context = createAppContext(platform, {
    tokens: signedIn ? createMemoryTokenStorage(SIGNED_IN) : createMemoryTokenStorage(),
    fetch: async (input, init = {}) => {
      const path = String(input).replace(/^\/api\/v1/, '');
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ path, body });
      const given = await answer(path, body);
      if (given) return given;
      if (path === '/config') return json(200, TEST_CONFIG);
      if (path === '/users/me') return json(200, user());
      if (path === '/mining/status') return json(200, miningStatus());
      return failure(404, 'NOT_FOUND');
    },
  });
  return { context, calls, platform };
}

async function renderQuest(answer: Answer, signedIn = true) {
  const setupResult = setup(answer, signedIn);
  render(
    <AppProviders context={setupResult.context} i18n={i18n}>
      <SecretQuest />
    </AppProviders>,
  );
  return setupResult;
}

async function typeAndSend(word: string) {
  const input = await screen.findByTestId('quest-input');
  fireEvent.change(input, { target: { value: word } });
  await act(async () => fireEvent.click(screen.getByTestId('quest-submit')));
}

describe('the secret word as typed', () => {
  it('is trimmed and lower-cased as the server compares it, and must fit its length', () => {
    expect(normalizeSecretWord('  PixAnos \n')).toBe('pixanos');
    expect(normalizeSecretWord('E\u0301TE')).toBe('\u00e9te');
    expect(secretWordProblem('   ')).toBe('empty');
    expect(secretWordProblem('x'.repeat(128))).toBeNull();
    expect(secretWordProblem(` ${'x'.repeat(128)} `)).toBeNull();
    expect(secretWordProblem('x'.repeat(129))).toBe('tooLong');
  });
});

describe('the secret-word quest', () => {
  it('asks a guest to sign in and calls nothing', async () => {
    const { calls } = await renderQuest(() => undefined, false);
    expect(screen.getByTestId('guest-note').textContent).toContain(
      'Sign in to look for the secret word and earn Ghost Pixel.',
    );
    expect(calls.some((c) => c.path.startsWith('/mining/quest'))).toBe(false);
  });

  it('shows the stats; a wrong word says so, keeps the field, and the button waits for the answer', async () => {
    let release: (r: Response) => void = () => {};
    const { calls } = await renderQuest((path) => {
      if (path === '/mining/quest/stats') return json(200, stats());
      if (path === '/mining/quest/check/secretWord')
        return new Promise<Response>((resolve) => {
          release = resolve;
        });
      return undefined;
    });
    expect((await screen.findByTestId('quest-completed-by')).textContent).toBe('3');
    expect(screen.getByTestId('quest-you').textContent).toBe('Not yet');
    const button = screen.getByTestId('quest-submit') as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    fireEvent.change(screen.getByTestId('quest-input'), { target: { value: '   ' } });
    expect(button.disabled).toBe(true);
    await typeAndSend('  Nope ');
    expect(calls.find((c) => c.path === '/mining/quest/check/secretWord')?.body).toEqual({
      secret_word: 'nope',
    });
    expect(button.disabled).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    await act(async () => release(failure(400, 'WRONG_SECRET_WORD')));
    expect((await screen.findByTestId('quest-notice')).textContent).toBe(
      'That is not the secret word. Check it and try again.',
    );
    expect((screen.getByTestId('quest-input') as HTMLInputElement).value).toBe('  Nope ');
    expect(screen.getByTestId('quest-input').getAttribute('aria-invalid')).toBe('true');
    expect(button.disabled).toBe(false);
  });

  it('the right word marks Ghost Pixel done and reloads the profile and mining status', async () => {
    let achieved = false;
    const { calls, context, platform } = await renderQuest((path) => {
      if (path === '/mining/quest/stats') return json(200, stats());
      if (path === '/mining/quest/check/secretWord') {
        achieved = true;
        return json(200, { success: true, achievementId: 10, granted: true });
      }
      if (path === '/users/me') return json(200, user({ achievements: achieved ? { 10: true } : {} }));
      if (path === '/mining/status')
        return json(200, miningStatus({ tasks: [{ id: 'secretWord', done: achieved }] }));
      return undefined;
    });
    await typeAndSend('Pixanos');
    expect((await screen.findByTestId('quest-done')).textContent).toBe("That's it! Ghost Pixel is yours.");
    expect(screen.getByTestId('quest-completed-by').textContent).toBe('4');
    expect(screen.getByTestId('quest-you').textContent).toBe('Found');
    expect(screen.queryByTestId('quest-input')).toBeNull();
    await vi.waitFor(() => expect(context.store.getState().user.data?.achievements['10']).toBe(true));
    await vi.waitFor(() =>
      expect(context.store.getState().mining.data?.tasks).toEqual([{ id: 'secretWord', done: true }]),
    );
    expect(calls.filter((c) => c.path === '/users/me').length).toBeGreaterThan(0);
    expect(platform.haptic).toHaveBeenCalledWith('success');
  });

  it('says when the player found it before', async () => {
    await renderQuest((path) =>
      path === '/mining/quest/stats' ? json(200, stats({ done: true, completedBy: 12_345 })) : undefined,
    );
    expect((await screen.findByTestId('quest-done')).textContent).toBe(
      'You have found the secret word: Ghost Pixel is yours.',
    );
    expect(screen.getByTestId('quest-completed-by').textContent).toBe('12,345');
    expect(screen.queryByTestId('quest-input')).toBeNull();
  });

  it('says the quest is not running when the operator set no word, and when a guess learns so', async () => {
    await renderQuest((path) =>
      path === '/mining/quest/stats' ? json(200, stats({ open: false, completedBy: 0 })) : undefined,
    );
    expect((await screen.findByTestId('quest-closed')).textContent).toBe(
      'The secret-word quest is not running right now. Come back later.',
    );
    expect(screen.queryByTestId('quest-input')).toBeNull();
    cleanup();

    await renderQuest((path) => {
      if (path === '/mining/quest/stats') return json(200, stats());
      if (path === '/mining/quest/check/secretWord')
        return failure(503, 'UNAVAILABLE', { configured: false });
      return undefined;
    });
    await typeAndSend('anything');
    expect((await screen.findByTestId('quest-closed')).textContent).toContain('not running');
  });

  it('tells how long to wait when the guesses run out', async () => {
    await renderQuest((path) => {
      if (path === '/mining/quest/stats') return json(200, stats());
      if (path === '/mining/quest/check/secretWord')
        return failure(429, 'RATE_LIMITED', { retryAfterSeconds: 20 });
      return undefined;
    });
    await typeAndSend('guess');
    expect((await screen.findByTestId('quest-notice')).textContent).toBe(
      'Too many tries. You can try again in 20 s.',
    );
  });

  it('refuses a word longer than the server takes before sending it', async () => {
    const { calls } = await renderQuest((path) =>
      path === '/mining/quest/stats' ? json(200, stats()) : undefined,
    );
    await typeAndSend('x'.repeat(129));
    expect(screen.getByTestId('quest-notice').textContent).toBe(
      'Too long: the secret word has at most 128 characters.',
    );
    expect((screen.getByTestId('quest-submit') as HTMLButtonElement).disabled).toBe(true);
    expect(calls.some((c) => c.path === '/mining/quest/check/secretWord')).toBe(false);
  });

  it('offers a retry when the stats or a guess fail on the network', async () => {
    let online = false;
    await renderQuest((path) => {
      if (!online && path.startsWith('/mining/quest')) throw new TypeError('Failed to fetch');
      if (path === '/mining/quest/stats') return json(200, stats());
      return undefined;
    });
    expect((await screen.findByRole('alert')).textContent).toContain('Could not load the quest.');
    online = true;
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Try again' })));
    expect((await screen.findByTestId('quest-completed-by')).textContent).toBe('3');
    online = false;
    await typeAndSend('guess');
    expect((await screen.findByTestId('quest-notice')).textContent).toBe(
      'Could not check the word. Check your connection and try again.',
    );
    expect((screen.getByTestId('quest-submit') as HTMLButtonElement).disabled).toBe(false);
  });
});
