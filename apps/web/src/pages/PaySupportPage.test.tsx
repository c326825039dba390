import { cleanup, screen } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, createTestI18n, json, renderApp, TEST_CONFIG } from '../test/harness.tsx';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
afterEach(cleanup);

describe('/pay-support', () => {
  it('asks the player to write, and to which address, when one is published', async () => {
    renderApp('/pay-support', createTestContext(), i18n);
    expect((await screen.findByTestId('support-email')).getAttribute('href')).toBe(
      'mailto:team@example.test',
    );
    expect(screen.getByTestId('support-what-to-send').textContent).toBe(
      'Write to us with your Telegram ID, the date of the purchase and what you bought.',
    );
    expect(screen.getByText('Contact us at')).toBeTruthy();
  });

  it('invites no writing without an address: it says what a request needs and that none is published', async () => {
    const context = createTestContext({
      fetch: (path) => (path === '/config' ? json(200, { ...TEST_CONFIG, contactEmail: null }) : undefined),
    });
    renderApp('/pay-support', context, i18n);
    expect((await screen.findByTestId('support-email')).dataset.contact).toBe('none');
    expect(screen.getByTestId('support-what-to-send').textContent).toBe(
      'A refund request needs your Telegram ID, the date of the purchase and what you bought.',
    );
    const page = screen.getByTestId('pay-support-page').textContent ?? '';
    expect(page).not.toMatch(/Write to us|Contact us at/);
    expect(page).toContain('No contact address has been published yet.');
  });
});
