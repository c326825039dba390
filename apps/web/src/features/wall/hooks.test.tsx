import type { PixelInfo } from '@pixel-wall/shared';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AppProviders } from '../../App.tsx';
import type { Pixel } from '../../canvas/index.ts';
import { createTestContext, createTestI18n, json } from '../../test/harness.tsx';
import { usePixelInfo } from './hooks.ts';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
afterEach(cleanup);

function infoOf(x: number, y: number, color: string): PixelInfo {
  return {
    pixel: { id: x + y * 1024 + 1, x, y, color, dateObtained: null },
    owner: null,
  };
}

/** usePixelInfo against a server that paints pixel (1, 0) red, then blue after `colour = …`. */
function setup(initial: { pixel: Pixel | null; open: boolean; version: number }) {
  const asked: string[] = [];
  const server = { colour: '#FF0000' };
  const context = createTestContext({
    fetch: (path) => {
      if (!path.startsWith('/image/get/')) return undefined;
      asked.push(path);
      if (path === '/image/get/2') return json(200, infoOf(1, 0, server.colour));
      return json(500, { error: { code: 'INTERNAL', message: 'down' }, requestId: 'test' });
    },
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <AppProviders context={context} i18n={i18n}>
      {children}
    </AppProviders>
  );
  const hook = renderHook((props: typeof initial) => usePixelInfo(props.pixel, props.open, props.version), {
    wrapper,
    initialProps: initial,
  });
  return { ...hook, asked, server };
}

describe('the selected pixel’s info', () => {
  it('is loaded through the app’s HTTP client only while the info tab is open', async () => {
    const pixel = { x: 1, y: 0 };
    const { result, rerender, asked } = setup({ pixel, open: false, version: 0 });
    expect(result.current).toEqual({ info: null, loading: false });
    expect(asked).toEqual([]);
    rerender({ pixel, open: true, version: 0 });
    expect(result.current.loading).toBe(true);
    await waitFor(() => expect(result.current.info?.pixel.color).toBe('#FF0000'));
    expect(result.current.loading).toBe(false);
    expect(asked).toEqual(['/image/get/2']);
  });

  it('starts empty for each new selection, even of the same pixel, and is loaded again after a paint', async () => {
    const first = { x: 1, y: 0 };
    const { result, rerender, asked, server } = setup({ pixel: first, open: true, version: 0 });
    await waitFor(() => expect(result.current.info).not.toBeNull());
    // Closing the tab keeps what was loaded for this selection; no request meanwhile.
    rerender({ pixel: first, open: false, version: 0 });
    expect(result.current.info?.pixel.color).toBe('#FF0000');
    // The player painted it: the info is asked again, the old one shown until the new one comes.
    server.colour = '#0000FF';
    rerender({ pixel: first, open: true, version: 1 });
    expect(result.current).toMatchObject({ loading: true, info: { pixel: { color: '#FF0000' } } });
    await waitFor(() => expect(result.current.info?.pixel.color).toBe('#0000FF'));
    // A tap on the same pixel is a new selection.
    const again = { x: 1, y: 0 };
    rerender({ pixel: again, open: true, version: 1 });
    expect(result.current.info).toBeNull();
    await waitFor(() => expect(result.current.info?.pixel.color).toBe('#0000FF'));
    expect(asked).toEqual(['/image/get/2', '/image/get/2', '/image/get/2']);
  });

  it('shows none when the server cannot tell, and nothing without a selection', async () => {
    const { result, rerender, asked } = setup({ pixel: { x: 5, y: 5 }, open: true, version: 0 });
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.info).toBeNull();
    expect(asked).toEqual([`/image/get/${5 + 5 * 1024 + 1}`]);
    rerender({ pixel: null, open: true, version: 0 });
    expect(result.current.info).toBeNull();
    expect(asked).toHaveLength(1);
  });
});
