import { act, cleanup, screen, waitFor } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, createTestI18n, json, renderApp } from '../../test/harness.tsx';
import { hashTarget } from './useHashScroll.ts';

let i18n: I18n;
const missing: string[] = [];
beforeAll(async () => {
  i18n = await createTestI18n(missing);
});
afterEach(cleanup);

const USERS = {
  totalPlayers: 532_000,
  totalRepaints: 7_900_000,
  premium_users: 1200,
  active_users: 5000,
  daily_users: 900,
  daily_repaints: 12_345,
  top_countries: {},
};
const HISTORY = { totalRepaints: 7_900_000, daily_repaints: 12_345, paintedPixels: 1_000_000, seq: 1 };

function statsFetch(path: string) {
  if (path === '/users/stats') return json(200, USERS);
  if (path === '/history/stats') return json(200, HISTORY);
  if (path === '/history/online/stats') return json(200, { current_visitors: 42 });
  return undefined;
}

describe('/about', () => {
  it('shows the stats grid from the stats endpoints and a Telegram button for guests', async () => {
    renderApp('/about', createTestContext({ fetch: statsFetch }), i18n);
    const grid = await screen.findByTestId('about-stats');
    expect(grid.textContent).toContain('532k');
    expect(grid.textContent).toContain('7.9M');
    expect(grid.textContent).toContain('1M');
    expect(screen.getByTestId('about-connect')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'About PX' }).getAttribute('href')).toBe('/px/token');
    expect(missing).toEqual([]);
  });

  it('links the info, rules, NFT, staking and Open League pages', async () => {
    renderApp('/about', createTestContext({ fetch: statsFetch }), i18n);
    const more = await screen.findByTestId('about-more');
    expect(Array.from(more.querySelectorAll('a')).map((a) => a.getAttribute('href'))).toEqual([
      '/info',
      '/rules',
      '/nft',
      '/staking',
      '/open-league',
    ]);
    expect(missing).toEqual([]);
  });

  it('scrolls to the element the hash names once the page is there', async () => {
    const scrolled: string[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this.id);
    };
    renderApp('/about#about_stats', createTestContext({ fetch: statsFetch }), i18n);
    await waitFor(() => expect(scrolled).toContain('about_stats'));
    Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
  });

  it('finds hash targets by id and ignores empty or broken hashes', () => {
    document.body.innerHTML = '<div id="about_token"></div>';
    expect(hashTarget('#about_token')?.id).toBe('about_token');
    expect(hashTarget('')).toBeNull();
    expect(hashTarget('#')).toBeNull();
    expect(hashTarget('#%E0%A4%A')).toBeNull();
    expect(hashTarget('#nothing')).toBeNull();
  });
});

describe('legal pages', () => {
  it('Terms state the fun-only token, age 18, the 80/8/12 allocation and link to the Privacy Policy', async () => {
    renderApp('/terms', createTestContext(), i18n);
    const page = await screen.findByTestId('terms-page');
    expect(page.textContent).toContain(
      'PX is allocated 80% to miners and the community, 8% to the team and 12% to marketing and liquidity',
    );
    expect(page.textContent).toContain('at least 18 years old');
    expect(page.textContent).toContain('no promise about their value');
    for (const title of [
      'Prohibited actions',
      'Intellectual property',
      'Network costs',
      'Downtime',
      'Third-party materials',
      'Force majeure',
      'Indemnification',
      'Entire agreement',
    ]) {
      expect(screen.getByRole('heading', { level: 2, name: title })).toBeTruthy();
    }
    expect(screen.getByTestId('terms-privacy-link').getAttribute('href')).toBe('/privacy');
    await waitFor(() => expect(page.textContent).toContain('team@example.test'));
  });

  it('Privacy gives the date, the minimum age, EU/EEA transfers, yearly requests and the configured contact', async () => {
    renderApp('/privacy', createTestContext(), i18n);
    const page = await screen.findByTestId('privacy-page');
    expect(screen.getByTestId('privacy-updated').textContent).toBe('Last updated: 23 July 2024');
    expect(page.textContent).toContain('aged 18 and over');
    expect(page.textContent).toContain('inside the EU/EEA');
    expect(page.textContent).toContain('one request per calendar year');
    for (const title of [
      'What we collect',
      'How we use it',
      'Disclosure',
      'Retention',
      'Your rights in the EU and UK',
      'Your rights in the US',
      'Children',
      'Notifications',
      'Data breach',
      'Contact',
    ]) {
      expect(screen.getByRole('heading', { level: 2, name: title })).toBeTruthy();
    }
    await waitFor(() =>
      expect(screen.getByTestId('privacy-email').getAttribute('href')).toBe('mailto:team@example.test'),
    );
  });

  it('shows no made-up address when the operator has configured none', async () => {
    const noAddress = () =>
      createTestContext({
        fetch: (path) =>
          path === '/config'
            ? json(200, { devSignIn: true, botUsername: null, appUrl: null, contactEmail: null })
            : undefined,
      });
    renderApp('/privacy', noAddress(), i18n);
    const privacy = await screen.findByTestId('privacy-page');
    await waitFor(() =>
      expect(screen.getByTestId('privacy-email').textContent).toBe(
        'No contact address has been published yet.',
      ),
    );
    expect(privacy.querySelector('a[href^="mailto:"]')).toBeNull();
    expect(privacy.textContent).toContain('the contact address (not published yet)');
    expect(privacy.textContent).not.toContain('@');
    cleanup();

    renderApp('/terms', noAddress(), i18n);
    const terms = await screen.findByTestId('terms-page');
    await waitFor(() =>
      expect(terms.textContent).toContain('Questions: the contact address (not published yet).'),
    );
    expect(terms.textContent).not.toContain('@');
    expect(missing).toEqual([]);
  });

  it('Privacy follows the language, date included', async () => {
    const de = await import('../../../public/locales/de.json');
    i18n.addResourceBundle('de', 'translation', de.default, true, true);
    await act(() => i18n.changeLanguage('de'));
    renderApp('/privacy', createTestContext(), i18n);
    expect((await screen.findByTestId('privacy-updated')).textContent).toBe(
      'Zuletzt aktualisiert: 23. Juli 2024',
    );
    await act(() => i18n.changeLanguage('en'));
  });
});

describe('other information pages', () => {
  it.each([
    ['/info', 'info-page', '/rules'],
    ['/rules', 'rules-page', '/terms'],
    ['/staking', 'staking-page', '/px/token'],
    ['/open-league', 'open-league-page', 'https://ton.org/open-league'],
  ])('%s renders its sections and links', async (path, testId, href) => {
    renderApp(path, createTestContext(), i18n);
    const page = await screen.findByTestId(testId);
    expect(page.querySelectorAll('section').length).toBeGreaterThan(0);
    expect([...page.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toContain(href);
  });

  it('/staking links the TON site and the Terms', async () => {
    renderApp('/staking', createTestContext(), i18n);
    const links = [...(await screen.findByTestId('staking-page')).querySelectorAll('a')].map((a) =>
      a.getAttribute('href'),
    );
    expect(links).toEqual(expect.arrayContaining(['/px/token', 'https://ton.org', '/terms']));
  });
});
