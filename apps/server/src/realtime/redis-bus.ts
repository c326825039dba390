/**
 * Cluster bus over Redis pub/sub. Every instance subscribes to the same three channels, so a
 * handler sees what any instance published, its own messages included (as with the memory bus).
 *
 * Channels and keys (the bus applies `prefix` itself: ioredis keyPrefix does not touch channels):
 *   <prefix>bus:pixels   binary, 4 bytes per change (the PIXELS body of the wire codec)
 *   <prefix>bus:events   JSON of a WallEvent
 *   <prefix>bus:frames   the encoded frame, byte for byte
 *   <prefix>bus:seq      INCR counter behind nextSeq
 * Redis delivers the messages of one publishing connection in order; there is no order between
 * two publishers.
 *
 * Pixel changes published in the same event-loop turn travel as ONE message (every paint of a
 * committed group publishes its own change; one PUBLISH each cost every instance a message per
 * paint). Each caller's promise settles when the message carrying its changes is published.
 */
import { decodePixelBody, encodePixelBody, type PixelChange, type WallEvent } from '@pixel-wall/shared';
import type { Redis } from 'ioredis';
import { createRedis } from '../lib/redis.ts';
import { type Bus, type BusHandlers, type ControlMessage, FORGET_REASONS } from './bus.ts';

export const DEFAULT_BUS_PREFIX = 'pw:';

export type RedisBusOptions = { prefix?: string } & (
  | { url: string }
  /** Caller-owned clients; `subscriber` must be dedicated to this bus (it enters subscriber mode). */
  | { publisher: Redis; subscriber: Redis }
);

function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function asBytes(buf: Buffer): Uint8Array {
  return new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
}

function parseControl(text: string): ControlMessage | null {
  try {
    const v = JSON.parse(text) as { kind?: unknown; userId?: unknown; reason?: unknown };
    if (!Number.isSafeInteger(v.userId)) return null;
    const userId = v.userId as number;
    // An instance of the previous release announces a ban as `kick`.
    if (v.kind === 'kick') return { kind: 'forget', userId, reason: 'ban' };
    const reason = FORGET_REASONS.find((r) => r === v.reason);
    if (v.kind === 'forget' && reason) return { kind: 'forget', userId, reason };
  } catch {
    // fall through
  }
  return null;
}

/** Resolves once subscribed, so nothing published after it returns is missed. */
export async function createRedisBus(opts: RedisBusOptions): Promise<Bus> {
  const prefix = opts.prefix ?? DEFAULT_BUS_PREFIX;
  const owned = 'url' in opts;
  const publisher = owned ? createRedis(opts.url, { name: 'bus-pub' }) : opts.publisher;
  const subscriber = owned
    ? createRedis(opts.url, { name: 'bus-sub', autoPipelining: false })
    : opts.subscriber;
  const channels = {
    pixels: `${prefix}bus:pixels`,
    events: `${prefix}bus:events`,
    control: `${prefix}bus:control`,
    frames: `${prefix}bus:frames`,
  };
  const seqKey = `${prefix}bus:seq`;
  const handlers = new Set<BusHandlers>();

  // A throwing handler must not break the connection's reply parsing, nor the other handlers.
  function each(deliver: (h: BusHandlers) => void): void {
    for (const h of handlers) {
      try {
        deliver(h);
      } catch (err) {
        console.error('bus handler failed', err);
      }
    }
  }

  function onMessage(channelBuf: Buffer, message: Buffer | null): void {
    const channel = channelBuf.toString();
    const body = message ?? Buffer.alloc(0);
    if (channel === channels.frames) {
      const frame = asBytes(body);
      each((h) => h.frame?.(frame));
    } else if (channel === channels.pixels) {
      const changes = decodePixelBody(asBytes(body));
      if (changes) each((h) => h.pixels?.(changes));
      else console.error('bus: malformed pixel message dropped');
    } else if (channel === channels.events) {
      let event: WallEvent;
      try {
        event = JSON.parse(body.toString('utf8')) as WallEvent;
      } catch {
        console.error('bus: malformed event message dropped');
        return;
      }
      each((h) => h.event?.(event));
    } else if (channel === channels.control) {
      const message = parseControl(body.toString('utf8'));
      if (message) each((h) => h.control?.(message));
      else console.error('bus: malformed control message dropped');
    }
  }

  subscriber.on('messageBuffer', onMessage);
  try {
    await subscriber.subscribe(channels.pixels, channels.events, channels.frames, channels.control);
  } catch (err) {
    subscriber.off('messageBuffer', onMessage);
    if (owned) {
      publisher.disconnect();
      subscriber.disconnect();
    }
    throw err;
  }

  let closing: Promise<void> | null = null;
  let gathered: PixelChange[] = [];
  let gatheredSent: Promise<void> | null = null;

  return {
    publishPixels(changes) {
      for (const c of changes) gathered.push(c);
      gatheredSent ??= new Promise<void>((resolve, reject) => {
        setImmediate(() => {
          const all = gathered;
          gathered = [];
          gatheredSent = null;
          publisher.publish(channels.pixels, asBuffer(encodePixelBody(all))).then(() => resolve(), reject);
        });
      });
      return gatheredSent;
    },
    async publishEvent(event) {
      await publisher.publish(channels.events, JSON.stringify(event));
    },
    async publishFrame(frame) {
      await publisher.publish(channels.frames, asBuffer(frame));
    },
    async publishControl(message) {
      await publisher.publish(channels.control, JSON.stringify(message));
    },
    async nextSeq() {
      return publisher.incr(seqKey);
    },
    async currentSeq() {
      return Number((await publisher.get(seqKey)) ?? 0);
    },
    subscribe(h) {
      handlers.add(h);
      return () => {
        handlers.delete(h);
      };
    },
    close() {
      closing ??= (async () => {
        handlers.clear();
        subscriber.off('messageBuffer', onMessage);
        await subscriber
          .unsubscribe(channels.pixels, channels.events, channels.frames, channels.control)
          .catch(() => {});
        if (owned) await Promise.allSettled([publisher.quit(), subscriber.quit()]);
      })();
      return closing;
    },
  };
}
