import {
  API_PREFIX,
  NFT_BYTES,
  NFT_CAP,
  nftCountSchema,
  nftDataSchema,
  nftGetSchema,
  nftIdParams,
  nftMintSchema,
  nftMintSentBody,
  nftReviewListSchema,
  nftReviewQuery,
  nftUploadResultSchema,
} from '@pixel-wall/shared';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { type App, callerId } from '../../http.ts';
import { binaryBody, registerBinaryRoutes } from '../../lib/binary-body.ts';
import { loadSharp } from '../../lib/sharp.ts';
import type { UploadGate } from '../../lib/upload-gate.ts';
import type { NftService } from './service.ts';

const itemParams = z.object({ no: z.coerce.number().int().min(1).max(NFT_CAP) });
/** The item image: the 64×64 drawing scaled 8× with crisp pixels. */
const IMAGE_SCALE = 8;

export function registerNftRoutes(
  app: App,
  nft: NftService,
  opts: { publicUrl: string | null; uploadGate: UploadGate },
): void {
  registerBinaryRoutes(app, NFT_BYTES, (scope) => {
    scope.post(
      `${API_PREFIX}/nft/upload`,
      {
        schema: { response: { 200: nftUploadResultSchema } },
        ...opts.uploadGate({
          maxBytes: NFT_BYTES,
          tooLarge: () =>
            new AppError(
              'PAYLOAD_TOO_LARGE',
              `The drawing is too large: send ${NFT_BYTES} bytes of 64×64 RGBA.`,
            ),
        }),
        config: { auth: 'required' },
      },
      async (req) => ({
        success: true as const,
        nftData: await nft.upload(
          callerId(req),
          binaryBody(req, `the drawing (${NFT_BYTES} bytes of 64×64 RGBA)`),
        ),
      }),
    );
  });

  app.get(
    `${API_PREFIX}/nft/get`,
    { schema: { response: { 200: nftGetSchema } }, config: { auth: 'required' } },
    async (req) => nft.get(callerId(req)),
  );

  app.get(
    `${API_PREFIX}/nft/count`,
    { schema: { response: { 200: nftCountSchema } }, config: { auth: 'none' } },
    async () => ({ countApproved: await nft.countApproved(), cap: NFT_CAP }),
  );

  app.get(
    `${API_PREFIX}/nft/mint`,
    { schema: { response: { 200: nftMintSchema } }, config: { auth: 'required' } },
    async (req) => nft.mintTransaction(callerId(req)),
  );

  app.post(
    `${API_PREFIX}/nft/mint/sent`,
    { schema: { body: nftMintSentBody, response: { 200: nftDataSchema } }, config: { auth: 'required' } },
    async (req) => nft.mintSent(callerId(req), req.body.boc),
  );

  // ---------- review (admins) ----------
  app.get(
    `${API_PREFIX}/nft/review`,
    {
      schema: { querystring: nftReviewQuery, response: { 200: nftReviewListSchema } },
      config: { auth: 'required', role: 'admin' },
    },
    async (req) => nft.reviewList(callerId(req), req.query.status, req.query.limit, req.query.offset),
  );
  for (const action of ['approve', 'reject'] as const) {
    app.post(
      `${API_PREFIX}/nft/review/:id/${action}`,
      {
        schema: { params: nftIdParams, response: { 200: nftDataSchema } },
        config: { auth: 'required', role: 'admin' },
      },
      async (req) => nft[action](callerId(req), req.params.id),
    );
  }

  // ---------- public item metadata and image (the collection's content URL points here) ----------
  app.get(
    `${API_PREFIX}/nft/item/:no(^\\d+).png`,
    { schema: { params: itemParams }, config: { auth: 'none' } },
    async (req, reply) => {
      const pixels = await nft.approvedPixels(req.params.no);
      if (!pixels) throw new AppError('NOT_FOUND', 'No such NFT.');
      const size = 64 * IMAGE_SCALE;
      const png = await loadSharp()(pixels, { raw: { width: 64, height: 64, channels: 4 } })
        .resize(size, size, { kernel: 'nearest' })
        .png()
        .toBuffer();
      return reply.type('image/png').header('Cache-Control', 'public, max-age=86400').send(png);
    },
  );
  app.get(
    `${API_PREFIX}/nft/item/:no(^\\d+).json`,
    { schema: { params: itemParams }, config: { auth: 'none' } },
    async (req) => {
      const no = req.params.no;
      if (!(await nft.approvedPixels(no))) throw new AppError('NOT_FOUND', 'No such NFT.');
      const base = opts.publicUrl ? opts.publicUrl.replace(/\/$/, '') : '';
      return {
        name: `Pixel Wall NFT #${no}`,
        description: 'A 64×64 drawing from Pixel Wall.',
        image: `${base}${API_PREFIX}/nft/item/${no}.png`,
      };
    },
  );
}
