/**
 * The behaviour every Bus implementation must share, as a Vitest suite. A fixture gives two buses
 * standing for two server instances on one backing. A single-process backend (memory) may hand
 * over the same bus object twice: it has no second instance to reach.
 */
import type { PixelChange, WallEvent } from '@pixel-wall/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Bus, BusHandlers, ControlMessage } from './bus.ts';

export interface BusFixture {
  a: Bus;
  b: Bus;
  dispose(): Promise<void>;
}

export type MakeBus = () => Promise<BusFixture>;

interface Received {
  pixels: PixelChange[][];
  events: WallEvent[];
  frames: number[][];
}

function recorder(): { handlers: BusHandlers; got: Received } {
  const got: Received = { pixels: [], events: [], frames: [] };
  return {
    got,
    handlers: {
      pixels: (changes) => got.pixels.push(changes.map((c) => ({ ...c }))),
      event: (event) => got.events.push(event),
      frame: (frame) => got.frames.push(Array.from(frame)),
    },
  };
}

async function until(check: () => boolean, what: string, timeoutMs = 3_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 2));
  }
}

const EVENT: WallEvent = {
  kind: 'bomb',
  user: { id: 1_135_128_165_141_926, firstName: 'Zoë 🎨', userPic: null },
  pixelId: 1_048_576,
  color: '#ff00aa',
};

export function busContract(name: string, make: MakeBus): void {
  describe(`bus contract: ${name}`, () => {
    let fx: BusFixture;

    beforeEach(async () => {
      fx = await make();
    });

    afterEach(async () => {
      await fx.dispose();
    });

    it('delivers pixels, events and frames from either instance to both, byte-exact', async () => {
      const onA = recorder();
      const onB = recorder();
      fx.a.subscribe(onA.handlers);
      fx.b.subscribe(onB.handlers);
      const changes = [
        { pixelId: 1, color: 0 },
        { pixelId: 1_048_576, color: 29 },
        { pixelId: 65_537, color: 7 },
      ];
      const frame = new Uint8Array([2, 0, 1, 0, 0, 0, 0, 255, 128, 10, 13, 0]);
      await fx.a.publishPixels(changes);
      await fx.a.publishEvent(EVENT);
      await fx.a.publishFrame(frame);
      await fx.b.publishFrame(frame.subarray(7));
      await fx.b.publishPixels([]);
      for (const { got } of [onA, onB]) {
        await until(
          () => got.frames.length === 2 && got.pixels.length === 2 && got.events.length === 1,
          'delivery',
        );
        expect(got.pixels).toEqual([changes, []]);
        expect(got.events).toEqual([EVENT]);
        expect(got.frames).toEqual([Array.from(frame), [255, 128, 10, 13, 0]]);
      }
    });

    it('delivers control messages (forget) from either instance to both', async () => {
      const onA: ControlMessage[] = [];
      const onB: ControlMessage[] = [];
      fx.a.subscribe({ control: (m) => onA.push(m) });
      fx.b.subscribe({ control: (m) => onB.push(m) });
      await fx.b.publishControl({ kind: 'forget', userId: 1_135_128_165_141_926, reason: 'ban' });
      await fx.a.publishControl({ kind: 'forget', userId: 42, reason: 'squad' });
      await until(() => onA.length === 2 && onB.length === 2, 'control delivery');
      for (const got of [onA, onB]) {
        expect(got).toEqual([
          { kind: 'forget', userId: 1_135_128_165_141_926, reason: 'ban' },
          { kind: 'forget', userId: 42, reason: 'squad' },
        ]);
      }
    });

    it('keeps the order of one publisher', async () => {
      const onB = recorder();
      fx.b.subscribe(onB.handlers);
      const sent = Array.from({ length: 200 }, (_, i) => [i & 0xff, i >> 8, 7]);
      // Not awaited one by one: ordering must hold for calls in flight together.
      await Promise.all(sent.map((bytes) => fx.a.publishFrame(Uint8Array.from(bytes))));
      await until(() => onB.got.frames.length === sent.length, 'all frames');
      expect(onB.got.frames).toEqual(sent);
    });

    it('hands out strictly increasing sequence numbers across instances', async () => {
      const before = await fx.a.currentSeq();
      const first = await fx.a.nextSeq();
      const second = await fx.b.nextSeq();
      expect(first).toBeGreaterThan(before);
      expect(second).toBeGreaterThan(first);
      const many = await Promise.all(Array.from({ length: 200 }, (_, i) => (i % 2 ? fx.a : fx.b).nextSeq()));
      expect(new Set(many).size).toBe(200);
      expect(Math.min(...many)).toBeGreaterThan(second);
      const top = Math.max(...many);
      expect(top - second).toBe(200);
      expect(await fx.a.currentSeq()).toBe(top);
      expect(await fx.b.currentSeq()).toBe(top);
    });

    it('stops delivery to an unsubscribed handler', async () => {
      const gone = recorder();
      const stays = recorder();
      const off = fx.b.subscribe(gone.handlers);
      fx.b.subscribe(stays.handlers);
      await fx.a.publishFrame(new Uint8Array([1]));
      await until(() => gone.got.frames.length === 1 && stays.got.frames.length === 1, 'first frame');
      off();
      await fx.a.publishFrame(new Uint8Array([2]));
      await fx.a.publishEvent(EVENT);
      await until(() => stays.got.events.length === 1, 'second message');
      expect(gone.got).toEqual({ pixels: [], events: [], frames: [[1]] });
    });

    it('closes cleanly, twice if need be, and a closed instance receives nothing', async () => {
      const onB = recorder();
      fx.b.subscribe(onB.handlers);
      await fx.b.close();
      await fx.b.close();
      if (fx.a !== fx.b) {
        const onA = recorder();
        fx.a.subscribe(onA.handlers);
        await fx.a.publishFrame(new Uint8Array([9]));
        await until(() => onA.got.frames.length === 1, 'frame on the open instance');
        expect(onB.got.frames).toEqual([]);
      }
      await fx.a.close();
    });
  });
}
