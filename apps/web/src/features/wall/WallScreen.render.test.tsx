/**
 * Render budget: the canvas draws the camera itself, so a pan must not commit a single React
 * render of the Wall (nor anything under it). A state set per pointer move, or a component
 * following the camera while nothing needs it, makes this fail.
 */
import { act, cleanup, render } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { Profiler } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../App.tsx';
import type { SocketLike } from '../../api/wall/sync.ts';
import { CAMERA_NOTIFY_MS, type CanvasView } from '../../canvas/index.ts';
import { createWebPlatform } from '../../platform/web.ts';
import { sessionWallView } from '../../store/uiSlice.ts';
import { createTestContext, createTestI18n } from '../../test/harness.tsx';
import { WallScreen } from './WallScreen.tsx';

const views = vi.hoisted((): CanvasView[] => []);

// The views the Wall makes, to read their camera.
vi.mock('../../canvas/index.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../canvas/index.ts')>();
  return {
    ...actual,
    createCanvasView: (...args: Parameters<typeof actual.createCanvasView>) => {
      const view = actual.createCanvasView(...args);
      views.push(view);
      return view;
    },
  };
});

// No server: the socket stays connecting and the snapshot never comes, so nothing else renders.
vi.mock('../../api/wall/browser.ts', () => ({
  wsUrl: () => 'ws://wall.test/ws',
  openBrowserSocket: (): SocketLike => ({
    binaryType: 'arraybuffer',
    readyState: 0,
    send: () => {},
    close: () => {},
    onopen: null,
    onmessage: null,
    onclose: null,
    onerror: null,
  }),
  fetchSnapshot: () => new Promise(() => {}),
  decodeCanvasImage: () => new Promise(() => {}),
  inflateRaw: async (body: Uint8Array) => body,
}));

const WIDTH = 400;
const HEIGHT = 800;

let i18n: I18n;
const restore: (() => void)[] = [];

beforeAll(async () => {
  i18n = await createTestI18n();
  // jsdom lays nothing out and has no 2D context: the canvas gets a size, the renderer skips drawing.
  for (const [prop, value] of [
    ['clientWidth', WIDTH],
    ['clientHeight', HEIGHT],
  ] as const) {
    Object.defineProperty(HTMLCanvasElement.prototype, prop, { configurable: true, get: () => value });
    restore.push(() => Reflect.deleteProperty(HTMLCanvasElement.prototype, prop));
  }
  const getContext = vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  restore.push(() => getContext.mockRestore());
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
  restore.push(() => vi.unstubAllGlobals());
});

// Each test is a new tab: nothing kept for the session by the one before.
beforeEach(() => sessionStorage.clear());
afterEach(cleanup);
afterAll(() => {
  for (const undo of restore.reverse()) undo();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The Wall inside the app's providers and a router, every commit under it counted. */
function renderWall(context = createTestContext()) {
  const commits: string[] = [];
  const router = createMemoryRouter([
    {
      path: '/',
      element: (
        <Profiler id="wall" onRender={(_id, phase) => commits.push(phase)}>
          <WallScreen />
        </Profiler>
      ),
    },
  ]);
  render(
    <AppProviders context={context} i18n={i18n}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return commits;
}

/** Waits until the Wall has stopped rendering (its first loads answered) for a while. */
async function settle(commits: string[]): Promise<void> {
  for (let i = 0; i < 50; i++) {
    const before = commits.length;
    await act(() => sleep(3 * CAMERA_NOTIFY_MS));
    if (commits.length === before) return;
  }
  throw new Error('the Wall keeps rendering with nothing happening');
}

function pointer(canvas: Element, type: string, x: number, y: number): void {
  const event = new PointerEvent(type, {
    pointerId: 1,
    pointerType: 'touch',
    clientX: x,
    clientY: y,
    bubbles: true,
    cancelable: true,
  });
  canvas.dispatchEvent(event);
}

describe('the Wall’s render budget', () => {
  it('commits no React render while the canvas is panned, and does on a tap', async () => {
    const commits = renderWall();
    await settle(commits);
    expect(commits.length).toBeGreaterThan(0);
    expect(views).toHaveLength(1);
    const view = views[0]!;
    const canvas = document.querySelector('[data-testid=wall-canvas]')!;
    const before = view.getCamera();
    commits.length = 0;

    // A drag across the canvas in 30 moves, over more than the camera's notification interval.
    await act(async () => {
      pointer(canvas, 'pointerdown', 200, 400);
      for (let i = 1; i <= 30; i++) {
        pointer(canvas, 'pointermove', 200 + i * 5, 400 + i * 3);
        if (i % 10 === 0) await sleep(CAMERA_NOTIFY_MS + 10);
      }
      pointer(canvas, 'pointerup', 350, 490);
      // The camera's last notification comes after the pan.
      await sleep(3 * CAMERA_NOTIFY_MS);
    });

    const after = view.getCamera();
    expect(after.scale).toBe(before.scale);
    expect(after.x).toBeLessThan(before.x);
    expect(after.y).toBeLessThan(before.y);
    expect(commits).toEqual([]);

    // The counter does see the Wall: a tap selects a pixel, which renders.
    await act(async () => {
      pointer(canvas, 'pointerdown', 200, 400);
      pointer(canvas, 'pointerup', 200, 400);
      await sleep(10);
    });
    expect(commits.length).toBeGreaterThan(0);
  });
});

describe('coming back to the Wall', () => {
  it('keeps the camera and the selected pixel the player left (as from /energy-over)', async () => {
    views.length = 0;
    const context = createTestContext();
    const commits = renderWall(context);
    await settle(commits);
    const first = views[0]!;
    expect(first.isFitted()).toBe(true);
    const canvas = document.querySelector('[data-testid=wall-canvas]')!;
    await act(async () => {
      pointer(canvas, 'pointerdown', 200, 400);
      for (let i = 1; i <= 10; i++) pointer(canvas, 'pointermove', 200 + i * 5, 400 + i * 3);
      pointer(canvas, 'pointerup', 250, 430);
      first.zoomIn();
      await sleep(300);
      pointer(canvas, 'pointerdown', 200, 400);
      pointer(canvas, 'pointerup', 200, 400);
      await sleep(10);
    });
    const camera = first.getCamera();
    const selected = first.getSelection();
    expect(selected).not.toBeNull();
    expect(first.isFitted()).toBe(false);

    cleanup();
    expect(context.store.getState().ui.wallView).toEqual({ camera, selected });

    const again = renderWall(context);
    await settle(again);
    const second = views[1]!;
    expect(second.getCamera()).toEqual(camera);
    expect(second.getSelection()).toEqual(selected);
  });

  it('comes back to the camera and the selection after a reload in the same tab', async () => {
    views.length = 0;
    await settle(renderWall(createTestContext()));
    const first = views[0]!;
    const canvas = document.querySelector('[data-testid=wall-canvas]')!;
    await act(async () => {
      first.zoomIn();
      await sleep(300);
      pointer(canvas, 'pointerdown', 200, 400);
      pointer(canvas, 'pointerup', 200, 400);
      await sleep(10);
    });
    const camera = first.getCamera();
    const selected = first.getSelection();
    expect(selected).not.toBeNull();
    // The page goes away (a reload): no unmount, only pagehide.
    window.dispatchEvent(new Event('pagehide'));

    // A reload: a new store from nothing but what the tab kept.
    expect(sessionWallView()).toEqual({ camera, selected });
    cleanup();
    await settle(renderWall(createTestContext()));
    const second = views[1]!;
    expect(second.getCamera()).toEqual(camera);
    expect(second.getSelection()).toEqual(selected);

    // A page opened on a pixel (a launch link) shows that pixel, whatever the tab kept.
    cleanup();
    await settle(renderWall(createTestContext({ platform: createWebPlatform('?startapp=x700_y200') })));
    expect(views[2]!.getSelection()).toEqual({ x: 700, y: 200 });
  });

  it('starts fitted, with nothing selected, when the Wall was left untouched', async () => {
    views.length = 0;
    const context = createTestContext();
    await settle(renderWall(context));
    cleanup();
    expect(context.store.getState().ui.wallView).toEqual({ camera: null, selected: null });
    await settle(renderWall(context));
    expect(views[1]!.isFitted()).toBe(true);
    expect(views[1]!.getSelection()).toBeNull();
  });
});
