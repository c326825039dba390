import { describe, expect, it } from 'vitest';
import { createOverlayStore, INITIAL_OVERLAY, parseOverlay, SELECTED_TEMPLATE_KEY } from './overlayStore.ts';

function memory(initial: string | null = null) {
  const data = new Map<string, string>();
  if (initial !== null) data.set(SELECTED_TEMPLATE_KEY, initial);
  return {
    data,
    read: (k: string) => data.get(k) ?? null,
    write: (k: string, v: string | null) => {
      if (v === null) data.delete(k);
      else data.set(k, v);
    },
  };
}

describe('the template overlay state', () => {
  it('starts with nothing shown at opacity 70', () => {
    expect(parseOverlay(null)).toEqual(INITIAL_OVERLAY);
    expect(INITIAL_OVERLAY.opacity).toBe(70);
  });

  it('remembers the choice, visibility, opacity and hidden colours under selectedTemplate', () => {
    const storage = memory();
    const store = createOverlayStore(storage);
    store.choose({ source: 'personal', id: 42 });
    store.setOpacity(33.6);
    store.toggleColor(5);
    store.toggleColor(9);
    store.toggleColor(5);
    const again = createOverlayStore(storage).get();
    expect(again).toMatchObject({
      choice: { source: 'personal', id: 42 },
      visible: true,
      opacity: 34,
      hidden: [9],
      template: null,
    });
    store.setVisible(false);
    expect(JSON.parse(storage.data.get(SELECTED_TEMPLATE_KEY)!)).toMatchObject({ visible: false });
  });

  it('keeps opacity within 0–100 in whole steps, and survives damaged storage', () => {
    const store = createOverlayStore(memory());
    store.setOpacity(-5);
    expect(store.get().opacity).toBe(0);
    store.setOpacity(250);
    expect(store.get().opacity).toBe(100);
    for (const bad of [
      '{',
      '[]',
      '{"choice":{"source":"personal","id":-1},"visible":true}',
      '{"opacity":"x"}',
    ]) {
      const s = parseOverlay(bad);
      expect(s.choice).toBeNull();
      expect(s.visible).toBe(false);
      expect(s.opacity).toBe(70);
    }
    expect(parseOverlay('{"choice":{"source":"world"},"visible":true,"hidden":[3,3,99,-1]}')).toMatchObject({
      choice: { source: 'world' },
      visible: true,
      hidden: [3],
    });
  });

  it('shows a new choice with every colour, and clears back to nothing but the opacity', () => {
    const store = createOverlayStore(memory());
    store.choose({ source: 'world' });
    store.toggleColor(1);
    store.setOpacity(50);
    store.choose({ source: 'tournament', id: 7 });
    expect(store.get()).toMatchObject({ hidden: [], visible: true, opacity: 50 });
    store.clear();
    expect(store.get()).toMatchObject({ choice: null, visible: false, opacity: 50 });
  });
});
