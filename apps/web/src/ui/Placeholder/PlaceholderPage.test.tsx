import { cleanup, render, screen } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AppProviders } from '../../App.tsx';
import { createTestContext, createTestI18n } from '../../test/harness.tsx';
import { PlaceholderPage } from './PlaceholderPage.tsx';

let i18n: I18n;
const missing: string[] = [];
beforeAll(async () => {
  i18n = await createTestI18n(missing);
});
afterEach(cleanup);

describe('PlaceholderPage', () => {
  it('shows the title and text it is given, and no label of its own', () => {
    render(
      <AppProviders context={createTestContext()} i18n={i18n}>
        <MemoryRouter>
          <PlaceholderPage title="Page not found" text="Nothing is painted here." />
        </MemoryRouter>
      </AppProviders>,
    );
    const page = document.querySelector('.placeholder')!;
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Page not found');
    expect(page.querySelector('.placeholder__text')!.textContent).toBe('Nothing is painted here.');
    expect(page.querySelector('.placeholder__badge')).toBeNull();
    expect(page.textContent).not.toMatch(/coming soon/i);
    expect(missing).toEqual([]);
  });

  it('shows a label only when one is passed', () => {
    render(
      <AppProviders context={createTestContext()} i18n={i18n}>
        <MemoryRouter>
          <PlaceholderPage title="Awards" text="No awards yet." badge="Probably nothing" />
        </MemoryRouter>
      </AppProviders>,
    );
    expect(document.querySelector('.placeholder__badge')!.textContent).toBe('Probably nothing');
  });
});
