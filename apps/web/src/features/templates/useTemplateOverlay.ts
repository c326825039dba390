/**
 * The Wall's side of templates: one template layer attached to the canvas view, fed with the chosen
 * template (fetched, decoded to palette indices once), its opacity and hidden colours; and the
 * colour the template wants at the selected pixel (the paint bar's hint).
 */
import type { Template } from '@pixel-wall/shared';
import { useEffect, useMemo, useState } from 'react';
import { isAbortError } from '../../api/errors.ts';
import type { HttpClient } from '../../api/http.ts';
import { useHttp } from '../../api/useHttp.ts';
import { type CanvasView, createTemplateLayer, type Pixel, type TemplateLayer } from '../../canvas/index.ts';
import { templatesApi } from './api.ts';
import { loadTemplatePixels } from './decode.ts';
import {
  type OverlayState,
  type OverlayStore,
  overlayStore,
  type TemplateChoice,
  useOverlay,
} from './overlayStore.ts';

export interface TemplateOverlay {
  layer: TemplateLayer;
  state: OverlayState;
  store: OverlayStore;
  /** the palette index the shown template wants at the selected pixel; null when none or hidden */
  hint: number | null;
}

async function resolve(
  http: HttpClient,
  choice: TemplateChoice,
  signal: AbortSignal,
): Promise<Template | null> {
  switch (choice.source) {
    case 'world':
      return (await templatesApi.world(http, signal)).template;
    case 'referred':
      return (await templatesApi.referred(http, signal)).template;
    default:
      return templatesApi.get(http, choice.source, choice.id, signal);
  }
}

function choiceKey(choice: TemplateChoice | null): string {
  if (!choice) return '';
  return 'id' in choice ? `${choice.source}:${choice.id}` : choice.source;
}

export function useTemplateOverlay(
  view: CanvasView | null,
  selected: Pixel | null,
  opts: { signedIn: boolean; showReferred: boolean },
): TemplateOverlay {
  const http = useHttp();
  const store = overlayStore();
  const state = useOverlay(store);
  const layer = useMemo(createTemplateLayer, []);
  const [loadedUrl, setLoadedUrl] = useState<string | null>(null);

  useEffect(() => (view ? view.addLayer(layer) : undefined), [view, layer]);

  // A launch link with `t` shows the template that brought the player (SPEC §2).
  useEffect(() => {
    if (opts.showReferred && opts.signedIn) store.choose({ source: 'referred' });
  }, [opts.showReferred, opts.signedIn, store]);

  // The choice → its template (the previous request cancelled).
  const key = choiceKey(state.choice);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the choice
  useEffect(() => {
    const choice = store.get().choice;
    if (!choice) {
      store.loaded(null);
      return;
    }
    const abort = new AbortController();
    resolve(http, choice, abort.signal).then(
      (t) => {
        if (!abort.signal.aborted) store.loaded(t);
      },
      (err: unknown) => {
        if (!abort.signal.aborted && !isAbortError(err)) store.loaded(null);
      },
    );
    return () => abort.abort();
  }, [key, http, store]);

  // The template → its pixels in the layer.
  const template = state.template;
  useEffect(() => {
    if (!template) {
      layer.setTemplate(null);
      setLoadedUrl(null);
      return;
    }
    const abort = new AbortController();
    loadTemplatePixels(template.url, abort.signal).then(
      ({ width, height, indices }) => {
        if (abort.signal.aborted) return;
        layer.setTemplate({ x: template.x, y: template.y, width, height, indices });
        setLoadedUrl(template.url);
      },
      (err: unknown) => {
        if (!isAbortError(err)) console.warn('template image failed to load', err);
      },
    );
    return () => abort.abort();
  }, [template, layer]);

  useEffect(
    () => layer.setOpacity(state.visible ? state.opacity / 100 : 0),
    [layer, state.visible, state.opacity],
  );
  useEffect(() => layer.setHidden(new Set(state.hidden)), [layer, state.hidden]);

  const wanted =
    state.visible && loadedUrl !== null && selected !== null ? layer.colorAt(selected.x, selected.y) : null;
  // A colour the player hid is one they chose not to be shown, here too.
  const hint = wanted !== null && !state.hidden.includes(wanted) ? wanted : null;
  return { layer, state, store, hint };
}
