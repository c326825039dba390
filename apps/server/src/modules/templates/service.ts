/**
 * Templates: pictures players place on the Wall to paint after. Each player has one own template
 * (an upload replaces it and bumps its version) and follows at most one (subscribe); admins choose
 * the world template everyone can show; a referral link shows the referrer's template.
 * Tournament entries live in the same table (kind 'tournament', one per player and round) and are
 * stored through `saveUpload`, so both kinds share one validation path (image.ts).
 *
 * Sizes grow with the player's level: the league their repaints reach (bronze 32 px, silver 64,
 * gold 128, platinum 256, diamond 512); admins may upload the largest, 1024 px.
 */
import {
  API_PREFIX,
  CANVAS_HEIGHT,
  CANVAS_WIDTH,
  GAME_DEFAULTS,
  LEAGUES,
  leagueOf,
  leagueRank,
  type MyTemplates,
  TEMPLATE_TRANSPARENT,
  type Template,
  type TemplateList,
  type TemplateSizes,
  type TemplateType,
  templateFileName,
  templateFits,
} from '@pixel-wall/shared';
import type { Database, Sql } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { createRateLimiter } from '../../lib/rate-limiter.ts';
import type { Redis } from '../../lib/redis.ts';
import type { UsersService } from '../users/service.ts';
import { readTemplateImage } from './image.ts';
import type { TemplateKind, TemplateRow } from './store.ts';
import * as store from './store.ts';

export type { TemplateKind } from './store.ts';

export interface TemplatesServiceDeps {
  db: Pick<Database, 'query' | 'transaction'>;
  users: Pick<UsersService, 'profile' | 'requirePlayer' | 'standing'>;
  /** largest upload accepted, bytes */
  maxBytes: number;
  /** uploads per player per hour (both kinds together) */
  uploadsPerHour: number;
  now?: () => number;
  /** cluster mode: the upload buckets in this Redis, shared by every instance; null: in process */
  redis?: Redis | null;
  /** Redis key namespace (config.redisPrefix) */
  prefix?: string;
}

/** The side a player at `level` may upload, and every smaller one. */
export function sizesAt(level: number): number[] {
  const all = GAME_DEFAULTS.templateSizesByLevel;
  return all.slice(0, Math.min(all.length, Math.max(0, level) + 1));
}

/** A player's template level: their league (0 bronze … 4 diamond); admins the top level. */
export function templateLevel(repaints: number, isAdmin: boolean): number {
  if (isAdmin) return GAME_DEFAULTS.templateSizesByLevel.length - 1;
  return Math.min(leagueRank(leagueOf(repaints)), LEAGUES.length - 1);
}

/**
 * Reads a posX / posY header: absent or empty means "not given" (SPEC §5), otherwise a whole
 * number of canvas pixels.
 */
export function positionHeader(name: string, raw: string | string[] | undefined): number | null {
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (value === undefined || value.trim() === '') return null;
  const v = value.trim();
  if (!/^\d{1,4}$/.test(v) || Number(v) >= CANVAS_WIDTH) {
    throw new AppError('BAD_REQUEST', `${name} must be a whole number from 0 to ${CANVAS_WIDTH - 1}.`, {
      reason: 'position',
    });
  }
  return Number(v);
}

export interface UploadPosition {
  x: number | null;
  y: number | null;
}

export function createTemplatesService(deps: TemplatesServiceDeps) {
  const { db } = deps;
  const now = deps.now ?? Date.now;
  const perSecond = deps.uploadsPerHour / 3600;
  // Bursts of a sixth of the hourly allowance (at least 3): a player trying sizes and places is fine.
  const burst = Math.min(deps.uploadsPerHour, Math.max(3, Math.ceil(deps.uploadsPerHour / 6)));
  const buckets = createRateLimiter({
    name: 'uploads',
    rate: perSecond,
    burst,
    redis: deps.redis ?? null,
    prefix: deps.prefix,
    now,
  });

  async function ownerName(ownerId: number): Promise<string> {
    return (await deps.users.profile(ownerId))?.firstName ?? `#${ownerId}`;
  }

  async function view(r: TemplateRow, type: TemplateType): Promise<Template> {
    return {
      id: Number(r.id),
      x: r.x,
      y: r.y,
      width: r.width,
      height: r.height,
      size: Math.max(r.width, r.height),
      url: `${API_PREFIX}/image/template/file/${templateFileName(Number(r.id), r.version)}`,
      version: r.version,
      type,
      ownerId: Number(r.owner_id),
      ownerName: await ownerName(Number(r.owner_id)),
      pixels: r.opaque,
      subscribers: r.subscribers,
      roundId: r.round_id,
      updatedAt: new Date(r.updated_at).toISOString(),
    };
  }

  async function rowById(id: number, tx: Pick<Sql, 'query'> = db): Promise<TemplateRow | null> {
    return (await store.templateById(tx, id)) ?? null;
  }

  async function sizesOf(userId: number): Promise<TemplateSizes> {
    const standing = await deps.users.standing(userId);
    if (!standing) throw new AppError('NOT_FOUND', `There is no player ${userId}.`);
    const level = templateLevel(standing.repaints, standing.isAdmin);
    const sizes = sizesAt(level);
    return { userId, level, sizes, maxSize: sizes[sizes.length - 1]! };
  }

  async function takeUpload(userId: number): Promise<void> {
    if (!(await buckets.take(userId))) {
      const minutes = Math.max(1, Math.ceil(1 / perSecond / 60));
      throw new AppError(
        'RATE_LIMITED',
        `Too many template uploads. You can upload one every ${minutes} min; try again later.`,
      );
    }
  }

  /** Before an upload's body is read: the caller is a player in good standing, within the rate. */
  async function admitUpload(userId: number): Promise<void> {
    await deps.users.requirePlayer(userId);
    await takeUpload(userId);
  }

  /**
   * Validates and stores an upload (admitted by `admitUpload` first): the player's own template, or their entry in a tournament
   * round. A second upload of the same kind (and round) replaces the picture and bumps its version;
   * without a position it keeps the old one, and a first upload without one is centred.
   */
  async function saveUpload(
    userId: number,
    bytes: Uint8Array,
    pos: UploadPosition,
    target: { kind: 'personal' } | { kind: 'tournament'; roundId: number },
  ): Promise<TemplateRow> {
    const { maxSize } = await sizesOf(userId);
    const image = await readTemplateImage(bytes, { maxSide: maxSize, maxBytes: deps.maxBytes });
    const roundId = target.kind === 'tournament' ? target.roundId : null;
    return db.transaction(async (tx) => {
      const old = await store.lockOwnTemplate(tx, userId, target.kind, roundId);
      const x = pos.x ?? old?.x ?? Math.floor((CANVAS_WIDTH - image.width) / 2);
      const y = pos.y ?? old?.y ?? Math.floor((CANVAS_HEIGHT - image.height) / 2);
      if (!templateFits(x, y, image.width, image.height)) {
        throw new AppError(
          'BAD_REQUEST',
          `A ${image.width}×${image.height} template at (${x}, ${y}) would leave the Wall: ` +
            `posX may be at most ${CANVAS_WIDTH - image.width} and posY at most ${CANVAS_HEIGHT - image.height}.`,
          { reason: 'position' },
        );
      }
      const picture = {
        x,
        y,
        width: image.width,
        height: image.height,
        indices: image.indices,
        png: image.png,
        opaque: image.opaque,
      };
      return old
        ? store.replacePicture(tx, old.id, picture)
        : store.insertTemplate(tx, userId, target.kind, roundId, picture);
    });
  }

  const page = (where: string, params: unknown[], limit: number, offset: number) =>
    store.templatePage(db, where, params, limit, offset);

  async function subscribedRow(userId: number, kind: TemplateKind): Promise<TemplateRow | null> {
    return (await store.subscribedTemplate(db, userId, kind)) ?? null;
  }

  function typeFor(r: TemplateRow, viewer: number | null): TemplateType {
    if (r.kind === 'tournament') return 'tournament';
    return viewer !== null && Number(r.owner_id) === viewer ? 'my' : 'public';
  }

  return {
    view,
    sizes: sizesOf,
    admitUpload,
    saveUpload,

    async upload(userId: number, bytes: Uint8Array, pos: UploadPosition): Promise<Template> {
      return view(await saveUpload(userId, bytes, pos, { kind: 'personal' }), 'my');
    },

    async my(userId: number): Promise<MyTemplates> {
      await deps.users.requirePlayer(userId);
      const [own, followed] = await Promise.all([
        store.personalTemplateOf(db, userId),
        subscribedRow(userId, 'personal'),
      ]);
      return {
        template: own ? await view(own, 'my') : null,
        subscribed: followed ? await view(followed, 'subscribed') : null,
      };
    },

    /** One template of a kind by id, as `viewer` sees it; 404 when there is none. */
    async get(id: number, kind: TemplateKind, viewer: number | null): Promise<Template> {
      const r = await rowById(id);
      if (!r || r.kind !== kind) throw new AppError('NOT_FOUND', `There is no template ${id}.`);
      return view(r, typeFor(r, viewer));
    },

    async rows(ids: readonly number[]): Promise<Map<number, TemplateRow>> {
      if (ids.length === 0) return new Map();
      const rows = await store.templatesById(db, ids);
      return new Map(rows.map((r) => [Number(r.id), r]));
    },

    /** The public list of players' templates, most followed first. */
    async list(viewer: number | null, limit: number, offset: number): Promise<TemplateList> {
      const { rows, total } = await page("kind = 'personal'", [], limit, offset);
      return { list: await Promise.all(rows.map((r) => view(r, typeFor(r, viewer)))), total };
    },

    /** Tournament entries of a round, most followed first. */
    async roundList(roundId: number, limit: number, offset: number): Promise<TemplateList> {
      const { rows, total } = await page("kind = 'tournament' AND round_id = $1", [roundId], limit, offset);
      return { list: await Promise.all(rows.map((r) => view(r, 'tournament'))), total };
    },

    /** Up to `limit` entries of a round in random order. */
    async roundRandom(roundId: number, limit: number): Promise<TemplateList> {
      const { rows, total } = await store.randomRoundEntries(db, roundId, limit);
      return { list: await Promise.all(rows.map((r) => view(r, 'tournament'))), total };
    },

    /** Follows template `id` of `kind` (replacing the one followed before), keeping counts right. */
    async subscribe(userId: number, kind: TemplateKind, id: number, roundId?: number): Promise<Template> {
      await deps.users.requirePlayer(userId);
      const row = await db.transaction(async (tx) => {
        const t = await store.lockTemplate(tx, id);
        if (!t || t.kind !== kind) throw new AppError('NOT_FOUND', `There is no template ${id}.`);
        if (roundId !== undefined && t.round_id !== roundId) {
          throw new AppError('NOT_AVAILABLE', `Template ${id} is not in the current round.`);
        }
        const prev = await store.lockSubscription(tx, userId, kind);
        if (prev === id) return t;
        await store.setSubscription(tx, userId, kind, id);
        if (prev !== null) await store.dropSubscriber(tx, prev);
        return store.addSubscriber(tx, id);
      });
      return view(row, kind === 'tournament' ? 'tournament' : 'subscribed');
    },

    async unsubscribe(userId: number, kind: TemplateKind): Promise<void> {
      await db.transaction(async (tx) => {
        const gone = await store.deleteSubscription(tx, userId, kind);
        if (gone) await store.dropSubscriber(tx, gone.template_id);
      });
    },

    async subscribed(userId: number, kind: TemplateKind): Promise<Template | null> {
      const r = await subscribedRow(userId, kind);
      return r ? view(r, kind === 'tournament' ? 'tournament' : 'subscribed') : null;
    },

    /** The world template admins chose; null when none is set. */
    async world(): Promise<Template | null> {
      const row = await store.worldTemplate(db);
      return row ? view(row, 'world') : null;
    },

    async setWorld(id: number | null): Promise<Template | null> {
      return db.transaction(async (tx) => {
        await store.clearWorld(tx);
        if (id === null) return null;
        const row = await store.setWorld(tx, id);
        if (!row) throw new AppError('NOT_FOUND', `There is no template ${id}.`);
        return view(row, 'world');
      });
    },

    /** The template a referral link brought: the referrer's own template. */
    async referred(userId: number): Promise<Template | null> {
      const standing = await deps.users.standing(userId);
      if (!standing?.referrerId) return null;
      const row = await store.personalTemplateOf(db, standing.referrerId);
      return row ? view(row, 'referred') : null;
    },

    /** The PNG of one version; null when the template or that version is gone. */
    async file(id: number, version: number): Promise<Uint8Array | null> {
      return store.templatePng(db, id, version);
    },

    /**
     * Every entry of a round with its pixels, `batch` at a time (for scoring): memory holds one
     * batch (at most 16 MiB of the largest templates), never the whole round.
     */
    async *roundPixels(
      roundId: number,
      batch = 16,
    ): AsyncGenerator<{
      id: number;
      ownerId: number;
      x: number;
      y: number;
      width: number;
      height: number;
      pixels: Uint8Array;
    }> {
      let after = 0;
      for (;;) {
        const rows = await store.roundEntriesAfter(db, roundId, after, batch);
        for (const r of rows) {
          yield {
            id: Number(r.id),
            ownerId: Number(r.owner_id),
            x: r.x,
            y: r.y,
            width: r.width,
            height: r.height,
            pixels: r.pixels,
          };
        }
        if (rows.length < batch) return;
        after = Number(rows[rows.length - 1]!.id);
      }
    },
  };
}

export type TemplatesService = ReturnType<typeof createTemplatesService>;
export type { TemplateRow };
export { TEMPLATE_TRANSPARENT };
