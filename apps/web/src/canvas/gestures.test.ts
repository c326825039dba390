import { describe, expect, it, vi } from 'vitest';
import { createGestureMachine, type GestureOptions, type PointerInput } from './gestures.ts';

function setup(options?: GestureOptions) {
  const calls: string[] = [];
  const cb = {
    onTap: vi.fn((p: { x: number; y: number }) => calls.push(`tap ${p.x},${p.y}`)),
    onDoubleTap: vi.fn((p: { x: number; y: number }) => calls.push(`double ${p.x},${p.y}`)),
    onPan: vi.fn((dx: number, dy: number) => calls.push(`pan ${dx},${dy}`)),
    onPinch: vi.fn((c: { x: number; y: number }, f: number) => calls.push(`pinch ${c.x},${c.y} ×${f}`)),
    onWheelZoom: vi.fn((p: { x: number; y: number }, f: number) =>
      calls.push(`wheel ${p.x},${p.y} ×${f.toFixed(3)}`),
    ),
  };
  const m = createGestureMachine(cb, options);
  // One reused event object, as the view does: the machine must not keep it.
  const ev: PointerInput = { type: 'down', id: 0, x: 0, y: 0, t: 0 };
  const send = (type: PointerInput['type'], id: number, x: number, y: number, t = 0) => {
    ev.type = type;
    ev.id = id;
    ev.x = x;
    ev.y = y;
    ev.t = t;
    m.handle(ev);
  };
  return { m, cb, calls, send };
}

describe('gesture machine', () => {
  it('idle → pointing → tap on release, at the press position', () => {
    const { m, calls, send } = setup();
    expect(m.state).toBe('idle');
    send('down', 1, 100, 100, 0);
    expect(m.state).toBe('pointing');
    send('move', 1, 105, 104, 10);
    expect(m.state).toBe('pointing');
    send('up', 1, 105, 104, 50);
    expect(m.state).toBe('idle');
    expect(calls).toEqual(['tap 100,100']);
  });

  it('a move within the threshold (8 px) is still a tap', () => {
    const { calls, send } = setup();
    send('down', 1, 0, 0);
    send('move', 1, 8, 0);
    send('move', 1, 0, -8);
    send('up', 1, 0, -8);
    expect(calls).toEqual(['tap 0,0']);
  });

  it('a drag past the threshold pans and never taps, even when it comes back', () => {
    const { m, cb, calls, send } = setup();
    send('down', 1, 100, 100);
    send('move', 1, 109, 100);
    expect(m.state).toBe('panning');
    send('move', 1, 120, 90);
    send('move', 1, 100, 100);
    send('move', 1, 100, 100);
    send('up', 1, 100, 100);
    expect(m.state).toBe('idle');
    expect(cb.onTap).not.toHaveBeenCalled();
    // The first pan catches up with the whole way from the press.
    expect(calls).toEqual(['pan 9,0', 'pan 11,-10', 'pan -20,10']);
  });

  it('ignores moves and releases of pointers it does not track', () => {
    const { m, calls, send } = setup();
    send('move', 7, 1, 1);
    send('up', 7, 1, 1);
    expect(m.state).toBe('idle');
    send('down', 1, 0, 0);
    send('move', 2, 50, 50);
    send('up', 2, 50, 50);
    expect(m.state).toBe('pointing');
    send('up', 1, 0, 0);
    expect(calls).toEqual(['tap 0,0']);
  });

  it('double tap: the first tap is delivered at once, the second as a double tap', () => {
    const { calls, send } = setup();
    send('down', 1, 100, 100, 0);
    send('up', 1, 100, 100, 80);
    expect(calls).toEqual(['tap 100,100']);
    send('down', 2, 110, 95, 250);
    send('up', 2, 110, 95, 300);
    expect(calls).toEqual(['tap 100,100', 'double 110,95']);
    // A third tap starts over.
    send('down', 3, 110, 95, 350);
    send('up', 3, 110, 95, 380);
    expect(calls.at(-1)).toBe('tap 110,95');
  });

  it('no double tap when the second press comes late or far away', () => {
    const { cb, send } = setup();
    send('down', 1, 100, 100, 0);
    send('up', 1, 100, 100, 50);
    send('down', 1, 100, 100, 251);
    send('up', 1, 100, 100, 260);
    send('down', 1, 160, 100, 300);
    send('up', 1, 160, 100, 310);
    expect(cb.onDoubleTap).not.toHaveBeenCalled();
    expect(cb.onTap).toHaveBeenCalledTimes(3);
  });

  it('a drag between two taps breaks the double tap', () => {
    const { cb, send } = setup();
    send('down', 1, 100, 100, 0);
    send('up', 1, 100, 100, 50);
    send('down', 1, 100, 100, 100);
    send('move', 1, 130, 100, 120);
    send('up', 1, 130, 100, 140);
    send('down', 1, 100, 100, 160);
    send('up', 1, 100, 100, 170);
    expect(cb.onDoubleTap).not.toHaveBeenCalled();
    expect(cb.onTap).toHaveBeenCalledTimes(2);
  });

  it('with double taps off, every tap is a tap', () => {
    const { m, cb, send } = setup({ doubleTap: false });
    send('down', 1, 5, 5, 0);
    send('up', 1, 5, 5, 10);
    send('down', 1, 5, 5, 20);
    send('up', 1, 5, 5, 30);
    m.setDoubleTap(true);
    send('down', 1, 5, 5, 40);
    send('up', 1, 5, 5, 50);
    send('down', 1, 5, 5, 60);
    send('up', 1, 5, 5, 70);
    expect(cb.onTap).toHaveBeenCalledTimes(3);
    expect(cb.onDoubleTap).toHaveBeenCalledTimes(1);
  });

  it('two pointers pinch: centre moves pan, distance changes zoom', () => {
    const { m, cb, calls, send } = setup();
    send('down', 1, 100, 100);
    send('down', 2, 200, 100);
    expect(m.state).toBe('pinching');
    // Spread symmetrically: pure zoom about the centre (150, 100).
    send('move', 2, 250, 100);
    send('move', 1, 50, 100);
    expect(calls).toEqual([
      'pan 25,0',
      'pinch 175,100 ×1.5',
      'pan -25,0',
      'pinch 150,100 ×1.3333333333333333',
    ]);
    cb.onPan.mockClear();
    cb.onPinch.mockClear();
    // Both move down together (events arrive one pointer at a time): the pans add up to the
    // move and the zoom factors cancel out.
    send('move', 1, 50, 110);
    send('move', 2, 250, 110);
    const panY = cb.onPan.mock.calls.reduce((sum, [, dy]) => sum + dy, 0);
    const zoom = cb.onPinch.mock.calls.reduce((product, [, f]) => product * f, 1);
    expect(panY).toBeCloseTo(10, 9);
    expect(zoom).toBeCloseTo(1, 9);
    send('up', 1, 50, 110);
    send('up', 2, 250, 110);
    expect(cb.onTap).not.toHaveBeenCalled();
  });

  it('a pinch can start from panning, and a third pointer is ignored', () => {
    const { m, cb, send } = setup();
    send('down', 1, 0, 0);
    send('move', 1, 20, 0);
    expect(m.state).toBe('panning');
    send('down', 2, 120, 0);
    expect(m.state).toBe('pinching');
    send('down', 3, 300, 300);
    send('move', 3, 400, 400);
    expect(cb.onPinch).not.toHaveBeenCalled();
    send('move', 2, 220, 0);
    expect(cb.onPinch).toHaveBeenCalledWith(expect.objectContaining({ x: 120, y: 0 }), 2);
  });

  it('lifting the second pointer goes back to panning with the first, never a tap', () => {
    const { m, cb, calls, send } = setup();
    send('down', 1, 100, 100);
    send('down', 2, 200, 100);
    send('up', 2, 200, 100);
    expect(m.state).toBe('panning');
    calls.length = 0;
    send('move', 1, 110, 100);
    expect(calls).toEqual(['pan 10,0']);
    send('up', 1, 110, 100);
    expect(m.state).toBe('idle');
    expect(cb.onTap).not.toHaveBeenCalled();
  });

  it('lifting the first pointer pans on with the second, from where it is', () => {
    const { m, calls, send } = setup();
    send('down', 1, 100, 100);
    send('down', 2, 200, 100);
    send('move', 2, 210, 100);
    send('up', 1, 100, 100);
    expect(m.state).toBe('panning');
    calls.length = 0;
    send('move', 2, 215, 103);
    expect(calls).toEqual(['pan 5,3']);
    send('move', 1, 0, 0);
    expect(calls).toHaveLength(1);
  });

  it('cancel returns to idle from every state and taps nothing', () => {
    const { m, cb, send } = setup();
    send('down', 1, 0, 0);
    send('cancel', 1, 0, 0);
    expect(m.state).toBe('idle');
    send('down', 1, 0, 0);
    send('move', 1, 50, 0);
    send('cancel', 1, 50, 0);
    expect(m.state).toBe('idle');
    send('down', 1, 0, 0);
    send('down', 2, 50, 0);
    send('cancel', 2, 50, 0);
    expect(m.state).toBe('idle');
    // Leftover events of the cancelled gesture are ignored.
    send('move', 1, 80, 0);
    send('up', 1, 80, 0);
    expect(cb.onTap).not.toHaveBeenCalled();
    expect(m.state).toBe('idle');
  });

  it('a press of the pointer it already tracks starts over (its release was lost)', () => {
    const { m, cb, calls, send } = setup();
    send('down', 1, 0, 0);
    send('move', 1, 40, 0);
    expect(m.state).toBe('panning');
    send('down', 1, 300, 300);
    expect(m.state).toBe('pointing');
    send('up', 1, 300, 300);
    expect(cb.onPinch).not.toHaveBeenCalled();
    expect(calls.at(-1)).toBe('tap 300,300');
  });

  it('cancel of an untracked pointer changes nothing', () => {
    const { m, send } = setup();
    send('down', 1, 0, 0);
    send('cancel', 9, 0, 0);
    expect(m.state).toBe('pointing');
  });

  it('reset forgets pointers and the pending first tap', () => {
    const { m, cb, send } = setup();
    send('down', 1, 0, 0, 0);
    send('up', 1, 0, 0, 10);
    m.reset();
    send('down', 1, 0, 0, 20);
    send('up', 1, 0, 0, 30);
    expect(cb.onDoubleTap).not.toHaveBeenCalled();
    send('down', 1, 0, 0, 40);
    m.reset();
    expect(m.state).toBe('idle');
  });

  it('wheel zooms about the cursor in any state; ctrl (trackpad pinch) zooms faster', () => {
    const { m, cb, send } = setup();
    m.handle({ type: 'wheel', x: 10, y: 20, deltaY: -100, ctrlKey: false, t: 0 });
    expect(cb.onWheelZoom).toHaveBeenLastCalledWith(expect.objectContaining({ x: 10, y: 20 }), Math.exp(0.2));
    m.handle({ type: 'wheel', x: 10, y: 20, deltaY: 10, ctrlKey: true, t: 0 });
    expect(cb.onWheelZoom).toHaveBeenLastCalledWith(expect.anything(), Math.exp(-0.1));
    // A huge delta is capped to one doubling or halving.
    m.handle({ type: 'wheel', x: 0, y: 0, deltaY: 100000, ctrlKey: false, t: 0 });
    expect(cb.onWheelZoom).toHaveBeenLastCalledWith(expect.anything(), 0.5);
    m.handle({ type: 'wheel', x: 0, y: 0, deltaY: 0, ctrlKey: false, t: 0 });
    expect(cb.onWheelZoom).toHaveBeenCalledTimes(3);
    send('down', 1, 0, 0);
    m.handle({ type: 'wheel', x: 0, y: 0, deltaY: 50, ctrlKey: false, t: 0 });
    expect(m.state).toBe('pointing');
    expect(cb.onWheelZoom).toHaveBeenCalledTimes(4);
  });
});
