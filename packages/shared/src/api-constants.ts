/**
 * Plain values of the HTTP API contract (path prefix, page sizes, timings): no schema here, so the
 * web app's first screen reads them without building the zod schemas of the api modules.
 */
import { GAME_DEFAULTS } from './game-config.ts';

export const API_PREFIX = '/api/v1';

/** Pixel lists page size (SPEC §9). */
export const PIXEL_LIST_PAGE_SIZE = 10;

export const PIXANOS_PAGE_SIZE = GAME_DEFAULTS.pageSize.pixanosRating;

/** Template and tournament page sizes (SPEC §9). */
export const TEMPLATE_PAGE_SIZE = GAME_DEFAULTS.pageSize.templateList;
export const TOURNAMENT_TEMPLATE_PAGE_SIZE = GAME_DEFAULTS.pageSize.tournamentTemplates;
export const RANDOM_TEMPLATES = GAME_DEFAULTS.pageSize.randomTemplates;
export const FINAL_RESULTS_PAGE_SIZE = GAME_DEFAULTS.pageSize.finalResults;

/** The hidden-template game's rating page (api-hidden.ts). */
export const HIDDEN_RATING_PAGE = 10;
/** How long the flying 'Gotcha!' / 'Wrong color' notice stays up, ms. */
export const HIDDEN_NOTICE_MS = 1000;
/** How long the reward marker stays on a found pixel, ms. */
export const HIDDEN_MARKER_MS = 4000;

/** SPEC §8: what the wallet screen shows when a proof is refused for any reason. */
export const TON_PROOF_FAILED_TEXT = 'Something went wrong. Try later, or try another wallet.';

/** The secret-word quest (Ghost Pixel): the longest word a guess may be, after trimming. */
export const SECRET_WORD_MAX_LENGTH = 128;
