/**
 * What the Wall shows of templates: which one, whether it is on, its opacity (SPEC §5: 0–100, step
 * 1, default 70) and the colours the player hid. Remembered in localStorage under `selectedTemplate`
 * (SPEC §3), read with useSyncExternalStore; the template itself is fetched again on the next visit.
 */
import type { Template } from '@pixel-wall/shared';
import { GAME_DEFAULTS, PALETTE_SIZE } from '@pixel-wall/shared/core';
import { useSyncExternalStore } from 'react';
import { readLocal, writeLocal } from '../../platform/storage.ts';

export const SELECTED_TEMPLATE_KEY = 'selectedTemplate';
export const OPACITY_DEFAULT = GAME_DEFAULTS.templateOpacityDefault;

/** Where the shown template comes from: the world one, or a template by id and kind. */
export type TemplateChoice =
  | { source: 'world' }
  | { source: 'referred' }
  | { source: 'personal'; id: number }
  | { source: 'tournament'; id: number };

export interface OverlayState {
  choice: TemplateChoice | null;
  visible: boolean;
  /** 0–100 */
  opacity: number;
  /** palette indices not drawn */
  hidden: readonly number[];
  /** the chosen template once fetched (not stored) */
  template: Template | null;
}

export const INITIAL_OVERLAY: OverlayState = {
  choice: null,
  visible: false,
  opacity: OPACITY_DEFAULT,
  hidden: [],
  template: null,
};

export function clampOpacity(value: unknown): number {
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return OPACITY_DEFAULT;
  return Math.min(100, Math.max(0, Math.round(n)));
}

function parseChoice(raw: unknown): TemplateChoice | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const c = raw as Record<string, unknown>;
  if (c.source === 'world' || c.source === 'referred') return { source: c.source };
  if (
    (c.source === 'personal' || c.source === 'tournament') &&
    Number.isSafeInteger(c.id) &&
    (c.id as number) > 0
  ) {
    return { source: c.source, id: c.id as number };
  }
  return null;
}

/** The remembered state; anything unreadable falls back to the defaults. */
export function parseOverlay(raw: string | null): OverlayState {
  if (!raw) return INITIAL_OVERLAY;
  try {
    const v = JSON.parse(raw) as Record<string, unknown>;
    const hidden = Array.isArray(v.hidden)
      ? [...new Set(v.hidden.filter((c): c is number => Number.isInteger(c) && c >= 0 && c < PALETTE_SIZE))]
      : [];
    const choice = parseChoice(v.choice);
    return {
      choice,
      visible: choice !== null && v.visible === true,
      opacity: 'opacity' in v ? clampOpacity(v.opacity) : OPACITY_DEFAULT,
      hidden,
      template: null,
    };
  } catch {
    return INITIAL_OVERLAY;
  }
}

export function serializeOverlay(s: OverlayState): string {
  return JSON.stringify({ choice: s.choice, visible: s.visible, opacity: s.opacity, hidden: s.hidden });
}

export interface OverlayStore {
  get(): OverlayState;
  /** Shows `choice` (its template arrives later through `loaded`). */
  choose(choice: TemplateChoice, template?: Template | null): void;
  /** The chosen template arrived (or is gone: null). */
  loaded(template: Template | null): void;
  setVisible(visible: boolean): void;
  setOpacity(opacity: number): void;
  toggleColor(color: number): void;
  showAllColors(): void;
  clear(): void;
  subscribe(fn: () => void): () => void;
}

export function createOverlayStore(storage = { read: readLocal, write: writeLocal }): OverlayStore {
  let state = parseOverlay(storage.read(SELECTED_TEMPLATE_KEY));
  const listeners = new Set<() => void>();
  function set(next: OverlayState, persist = true): void {
    state = next;
    if (persist) storage.write(SELECTED_TEMPLATE_KEY, serializeOverlay(next));
    for (const fn of listeners) fn();
  }
  return {
    get: () => state,
    choose(choice, template = null) {
      set({ ...state, choice, visible: true, hidden: [], template });
    },
    loaded(template) {
      set({ ...state, template }, false);
    },
    setVisible(visible) {
      if (visible !== state.visible) set({ ...state, visible });
    },
    setOpacity(opacity) {
      const o = clampOpacity(opacity);
      if (o !== state.opacity) set({ ...state, opacity: o });
    },
    toggleColor(color) {
      const hidden = state.hidden.includes(color)
        ? state.hidden.filter((c) => c !== color)
        : [...state.hidden, color];
      set({ ...state, hidden });
    },
    showAllColors() {
      if (state.hidden.length > 0) set({ ...state, hidden: [] });
    },
    clear() {
      set({ ...INITIAL_OVERLAY, opacity: state.opacity });
    },
    subscribe(fn) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
  };
}

let shared: OverlayStore | null = null;

/** The app's one overlay store (the Wall and the templates sheet share it). */
export function overlayStore(): OverlayStore {
  shared ??= createOverlayStore();
  return shared;
}

export function useOverlay(store: OverlayStore = overlayStore()): OverlayState {
  return useSyncExternalStore(store.subscribe, store.get);
}
