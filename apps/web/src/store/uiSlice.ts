import { CANVAS_HEIGHT, CANVAS_WIDTH } from '@pixel-wall/shared/core';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { readLocal, readSession, writeLocal, writeSession } from '../platform/storage.ts';
import type { AppThunk, RootState } from './index.ts';

export const TOAST_LIFETIME_MS = 3000;
export const ANIMATIONS_STORAGE_KEY = 'animations';
export const FPS_STORAGE_KEY = 'canvasFps';
export const FPS_MIN = 10;
export const FPS_MAX = 60;
export const FPS_DEFAULT = 60;

export type ToastKind = 'info' | 'success' | 'error';

export interface Toast {
  id: string;
  text: string;
  kind: ToastKind;
}

export type LoadingBarCommand = 'idle' | 'start' | 'finish';

/** A popup on the stack; `props` stay serializable (ids, flags), the popup loads the rest. */
export interface PopupEntry {
  kind: string;
  props?: Record<string, string | number | boolean | null>;
}

/**
 * Where the Wall was left: its camera (canvas point at the middle, CSS px per pixel; null while it
 * showed the whole canvas fitted) and selection.
 */
export interface SavedWallView {
  camera: { x: number; y: number; scale: number } | null;
  selected: { x: number; y: number } | null;
}

/** sessionStorage key of the Wall's view: a reload in the same tab comes back to it. */
export const WALL_VIEW_SESSION_KEY = 'wallView';

const isCount = (v: unknown, max: number): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v >= 0 && v < max;
const isCoordinate = (v: unknown, max: number): v is number =>
  typeof v === 'number' && Number.isFinite(v) && v >= -max && v <= 2 * max;

/** A saved view read back from storage, or null when it is missing or not one. */
export function parseSavedWallView(raw: string | null): SavedWallView | null {
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as { camera?: unknown; selected?: unknown } | null;
    if (typeof v !== 'object' || v === null) return null;
    const c = v.camera as { x?: unknown; y?: unknown; scale?: unknown } | null | undefined;
    const s = v.selected as { x?: unknown; y?: unknown } | null | undefined;
    const camera =
      c && isCoordinate(c.x, CANVAS_WIDTH) && isCoordinate(c.y, CANVAS_HEIGHT)
        ? typeof c.scale === 'number' && Number.isFinite(c.scale) && c.scale > 0 && c.scale <= 1000
          ? { x: c.x, y: c.y, scale: c.scale }
          : null
        : null;
    const selected =
      s && isCount(s.x, CANVAS_WIDTH) && isCount(s.y, CANVAS_HEIGHT) ? { x: s.x, y: s.y } : null;
    return camera || selected ? { camera, selected } : null;
  } catch {
    return null;
  }
}

/** The Wall's view kept for this tab's session by the page before a reload, or null. */
export function sessionWallView(): SavedWallView | null {
  return parseSavedWallView(readSession(WALL_VIEW_SESSION_KEY));
}

/** Keeps the Wall's view for this tab's session (a reload), or forgets it (null). */
export function keepWallViewForSession(view: SavedWallView | null): void {
  writeSession(WALL_VIEW_SESSION_KEY, view && (view.camera || view.selected) ? JSON.stringify(view) : null);
}

export interface UiState {
  toasts: Toast[];
  loadingBar: LoadingBarCommand;
  popups: PopupEntry[];
  menuOpen: boolean;
  gameModesOpen: boolean;
  /** The animations setting (localStorage `animations`, default on). */
  animations: boolean;
  /** Canvas frame-rate cap (localStorage `canvasFps`, 10–60, default 60). */
  canvasFps: number;
  /** A shop product asked for before opening /stars (e.g. 1 from /energy-over). */
  shopProduct: number | null;
  /** The guest sign-in banner; a guest may hide it and bring it back from the menu. */
  loginBannerOpen: boolean;
  /** The Wall as the player left it (to /energy-over, the shop...) in this page, to come back to. */
  wallView: SavedWallView | null;
}

export function clampFps(value: number): number {
  return Number.isFinite(value) ? Math.min(FPS_MAX, Math.max(FPS_MIN, Math.round(value))) : FPS_DEFAULT;
}

export function initialUiState(): UiState {
  return {
    toasts: [],
    loadingBar: 'idle',
    popups: [],
    menuOpen: false,
    gameModesOpen: false,
    animations: readLocal(ANIMATIONS_STORAGE_KEY) !== 'false',
    canvasFps: clampFps(Number(readLocal(FPS_STORAGE_KEY) ?? FPS_DEFAULT)),
    shopProduct: null,
    loginBannerOpen: true,
    wallView: null,
  };
}

const uiSlice = createSlice({
  name: 'ui',
  initialState: initialUiState,
  reducers: {
    toastAdded(state, action: PayloadAction<Toast>) {
      state.toasts.push(action.payload);
    },
    toastRemoved(state, action: PayloadAction<string>) {
      state.toasts = state.toasts.filter((toast) => toast.id !== action.payload);
    },
    loadingStarted(state) {
      state.loadingBar = 'start';
    },
    loadingFinished(state) {
      state.loadingBar = 'finish';
    },
    loadingReset(state) {
      state.loadingBar = 'idle';
    },
    popupPushed(state, action: PayloadAction<PopupEntry>) {
      state.popups.push(action.payload);
    },
    popupPopped(state) {
      state.popups.pop();
    },
    popupsCleared(state) {
      state.popups = [];
    },
    menuOpened(state) {
      state.menuOpen = true;
      state.gameModesOpen = false;
    },
    menuClosed(state) {
      state.menuOpen = false;
    },
    gameModesOpened(state) {
      state.gameModesOpen = true;
      state.menuOpen = false;
    },
    gameModesClosed(state) {
      state.gameModesOpen = false;
    },
    animationsSet(state, action: PayloadAction<boolean>) {
      state.animations = action.payload;
    },
    canvasFpsSet(state, action: PayloadAction<number>) {
      state.canvasFps = clampFps(action.payload);
    },
    loginBannerOpened(state) {
      state.loginBannerOpen = true;
    },
    loginBannerClosed(state) {
      state.loginBannerOpen = false;
    },
    wallViewSaved(state, action: PayloadAction<SavedWallView>) {
      state.wallView = action.payload;
    },
    shopProductRequested(state, action: PayloadAction<number>) {
      state.shopProduct = action.payload;
    },
    shopProductCleared(state) {
      state.shopProduct = null;
    },
  },
});

export const {
  wallViewSaved,
  toastAdded,
  toastRemoved,
  loadingStarted,
  loadingFinished,
  loadingReset,
  popupPushed,
  popupPopped,
  popupsCleared,
  menuOpened,
  menuClosed,
  gameModesOpened,
  gameModesClosed,
  animationsSet,
  canvasFpsSet,
  loginBannerOpened,
  loginBannerClosed,
  shopProductRequested,
  shopProductCleared,
} = uiSlice.actions;
export const uiReducer = uiSlice.reducer;

let toastSeq = 0;

/** Shows a toast that removes itself after `durationMs` (3 s, SPEC §9). Returns its id. */
export function showToast(
  text: string,
  kind: ToastKind = 'info',
  durationMs = TOAST_LIFETIME_MS,
): AppThunk<string> {
  return (dispatch) => {
    toastSeq += 1;
    const id = `toast-${toastSeq}`;
    dispatch(toastAdded({ id, text, kind }));
    setTimeout(() => dispatch(toastRemoved(id)), durationMs);
    return id;
  };
}

/** Changes and remembers the animations setting. */
export function setAnimations(enabled: boolean): AppThunk {
  return (dispatch) => {
    writeLocal(ANIMATIONS_STORAGE_KEY, String(enabled));
    dispatch(animationsSet(enabled));
  };
}

/** Changes and remembers the canvas frame-rate cap. */
export function setCanvasFps(fps: number): AppThunk {
  return (dispatch) => {
    const value = clampFps(fps);
    writeLocal(FPS_STORAGE_KEY, String(value));
    dispatch(canvasFpsSet(value));
  };
}

export const selectToasts = (state: RootState) => state.ui.toasts;
export const selectLoadingBar = (state: RootState) => state.ui.loadingBar;
export const selectPopups = (state: RootState) => state.ui.popups;
export const selectTopPopup = (state: RootState) => state.ui.popups.at(-1) ?? null;
export const selectMenuOpen = (state: RootState) => state.ui.menuOpen;
export const selectGameModesOpen = (state: RootState) => state.ui.gameModesOpen;
export const selectAnimations = (state: RootState) => state.ui.animations;
export const selectShopProduct = (state: RootState) => state.ui.shopProduct;
export const selectCanvasFps = (state: RootState) => state.ui.canvasFps;
export const selectWallView = (state: RootState) => state.ui.wallView;
export const selectLoginBannerOpen = (state: RootState) => state.ui.loginBannerOpen;
