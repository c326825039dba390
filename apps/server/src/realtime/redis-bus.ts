/**
 * Cluster bus over Redis pub/sub. Every instance subscribes to the same channels, so a handler
 * sees what any instance published, its own messages included (as with the memory bus).
 *
 * Channels and keys (the bus applies `prefix` itself: ioredis keyPrefix does not touch channels).
 * Pub/sub ignores the database number of REDIS_URL, so the channels carry it: `<db>:` after `bus:`,
 * except on database 0, whose channels keep the names they always had (so instances of the
 * previous release still hear the new ones during a rolling upgrade):
 *   <prefix>bus:[<db>:]pixels    binary, 4 bytes per change (the PIXELS body of the wire codec)
 *   <prefix>bus:[<db>:]events    JSON of a WallEvent
 *   <prefix>bus:[<db>:]frames    the encoded frame, byte for byte
 *   <prefix>bus:[<db>:]control   JSON of a ControlMessage
 *   <prefix>bus:[<db>:]hello     JSON, the identity check at start (below)
 *   <prefix>bus:seq              INCR counter behind nextSeq (a key: in the database)
 *   <prefix>bus:wall             the id of the wall these channels and keys belong to
 * Redis delivers the messages of one publishing connection in order; there is no order between
 * two publishers.
 *
 * One wall per set of channels. Given `wall` (an id every instance of one wall shares, kept in its
 * SQL database), the bus refuses to start (ConfigError) when the wall key names another wall, or
 * when a bus already on the channels answers its hello with another wall's id (the key can be
 * gone while that wall runs: Redis restarted empty). PUBLISH says how many subscribers heard the
 * hello, so the start waits for exactly that many answers, at most HELLO_TIMEOUT_MS.
 *
 * Pixel changes published in the same event-loop turn travel as ONE message (every paint of a
 * committed group publishes its own change; one PUBLISH each cost every instance a message per
 * paint). Each caller's promise settles when the message carrying its changes is published.
 */

import { randomUUID } from 'node:crypto';
import { decodePixelBody, encodePixelBody, type PixelChange, type WallEvent } from '@pixel-wall/shared';
import type { Redis } from 'ioredis';
import { ConfigError } from '../config.ts';
import { createRedis } from '../lib/redis.ts';
import { type Bus, type BusHandlers, type ControlMessage, FORGET_REASONS } from './bus.ts';

export const DEFAULT_BUS_PREFIX = 'pw:';

/** Longest wait for the other instances' answers to the hello (one that never answers). */
export const HELLO_TIMEOUT_MS = 2_000;

export type RedisBusOptions = {
  prefix?: string;
  /** This wall's id, the same on all its instances; absent: a listener that claims nothing. */
  wall?: string;
} & (
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

/** What comes before every channel's name: the prefix and, unless it is 0, the database number. */
export function busChannelPrefix(prefix: string, db: number): string {
  return db === 0 ? `${prefix}bus:` : `${prefix}bus:${db}:`;
}

type HelloMessage =
  | { kind: 'hello'; wall: string | null; nonce: string }
  | { kind: 'here'; wall: string | null; to: string };

function parseHello(text: string): HelloMessage | null {
  try {
    const v = JSON.parse(text) as { kind?: unknown; wall?: unknown; nonce?: unknown; to?: unknown };
    const wall = typeof v.wall === 'string' ? v.wall : null;
    if (v.kind === 'hello' && typeof v.nonce === 'string') return { kind: 'hello', wall, nonce: v.nonce };
    if (v.kind === 'here' && typeof v.to === 'string') return { kind: 'here', wall, to: v.to };
  } catch {
    // fall through
  }
  return null;
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
  const wall = opts.wall ?? null;
  const owned = 'url' in opts;
  const publisher = owned ? createRedis(opts.url, { name: 'bus-pub' }) : opts.publisher;
  const subscriber = owned
    ? createRedis(opts.url, { name: 'bus-sub', autoPipelining: false })
    : opts.subscriber;
  const db = publisher.options.db ?? 0;
  const base = busChannelPrefix(prefix, db);
  const channels = {
    pixels: `${base}pixels`,
    events: `${base}events`,
    control: `${base}control`,
    frames: `${base}frames`,
    hello: `${base}hello`,
  };
  const all = Object.values(channels);
  const seqKey = `${prefix}bus:seq`;
  const wallKey = `${prefix}bus:wall`;
  const handlers = new Set<BusHandlers>();
  const nonce = randomUUID();
  // The walls named in the answers to this bus's hello, and who waits for them.
  const answers: (string | null)[] = [];
  let onAnswer: (() => void) | null = null;

  function onHello(message: HelloMessage): void {
    if (message.kind === 'here') {
      if (message.to !== nonce) return;
      answers.push(message.wall);
      onAnswer?.();
      return;
    }
    if (message.nonce === nonce) return;
    if (wall !== null && message.wall !== null && message.wall !== wall) {
      console.error(
        `bus: an instance of another wall (${message.wall}) started on this wall's channels (${base}*); it refuses to start`,
      );
    }
    const here: HelloMessage = { kind: 'here', wall, to: message.nonce };
    publisher.publish(channels.hello, JSON.stringify(here)).catch(() => {});
  }

  function conflict(other: string): ConfigError {
    return new ConfigError(
      `Invalid configuration:\n  REDIS_URL, REDIS_PREFIX: Redis database ${db} under the prefix "${prefix}" ` +
        `belongs to another wall (${other}; this wall is ${wall}, an id kept in its own database). ` +
        'Walls sharing one Redis need a different REDIS_PREFIX or a different database number ' +
        `(redis://host:6379/<n>). If the other wall is gone for good, delete its keys (${prefix}*) first.`,
    );
  }

  /** Claims the wall key, then says hello and waits for every bus on the channels to answer. */
  async function checkIdentity(wall: string): Promise<void> {
    await publisher.set(wallKey, wall, 'NX');
    const owner = await publisher.get(wallKey);
    if (owner !== null && owner !== wall) throw conflict(owner);
    const hello: HelloMessage = { kind: 'hello', wall, nonce };
    // Our own subscriber is among those that heard it, and does not answer.
    const expected = (await publisher.publish(channels.hello, JSON.stringify(hello))) - 1;
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        onAnswer = null;
        resolve();
      };
      const timer = setTimeout(done, HELLO_TIMEOUT_MS);
      onAnswer = () => {
        if (answers.length >= expected) done();
      };
      onAnswer();
    });
    const other = answers.find((w): w is string => w !== null && w !== wall);
    if (other !== undefined) throw conflict(other);
  }

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
    } else if (channel === channels.hello) {
      const message = parseHello(body.toString('utf8'));
      if (message) onHello(message);
      else console.error('bus: malformed hello dropped');
    }
  }

  subscriber.on('messageBuffer', onMessage);
  try {
    await subscriber.subscribe(...all);
    if (wall !== null) await checkIdentity(wall);
  } catch (err) {
    subscriber.off('messageBuffer', onMessage);
    if (owned) {
      publisher.disconnect();
      subscriber.disconnect();
    } else {
      await subscriber.unsubscribe(...all).catch(() => {});
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
          const changes = gathered;
          gathered = [];
          gatheredSent = null;
          publisher
            .publish(channels.pixels, asBuffer(encodePixelBody(changes)))
            .then(() => resolve(), reject);
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
        await subscriber.unsubscribe(...all).catch(() => {});
        if (owned) await Promise.allSettled([publisher.quit(), subscriber.quit()]);
      })();
      return closing;
    },
  };
}
