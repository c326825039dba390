import type { ErrorCode } from '@pixel-wall/shared';

const STATUS: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  INVALID_INIT_DATA: 401,
  EXPIRED_INIT_DATA: 401,
  INVALID_LOGIN_PAYLOAD: 401,
  INVALID_REFRESH_TOKEN: 401,
  DEV_SIGN_IN_DISABLED: 403,
  FORBIDDEN: 403,
  BANNED: 403,
  NOT_FOUND: 404,
  NO_CHARGES: 409,
  INVALID_PIXEL: 400,
  INVALID_COLOR: 400,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  CONFLICT: 409,
  UNAVAILABLE: 503,
  INTERNAL: 500,
  NOT_AVAILABLE: 400,
  ALREADY_OWNED: 409,
  NO_ITEMS: 409,
  WRONG_CURRENCY: 400,
  ALREADY_CLAIMED: 409,
  CHARGES_FULL: 409,
  WRONG_SECRET_WORD: 400,
  REVSHARE_LOCKED: 403,
  TON_PROOF_INVALID: 400,
  CAPTCHA_REQUIRED: 403,
  CAPTCHA_WRONG: 400,
  WALLET_NOT_VERIFIED: 409,
  WALLET_NOT_CONNECTED: 409,
  NOT_ENOUGH_PX: 409,
  MAX_LEVEL: 409,
  NFT_ALREADY_SUBMITTED: 409,
  NFT_CAP_REACHED: 409,
  NFT_NOT_APPROVED: 409,
  NFT_NO_COLLECTION: 503,
  UPLOADS_BUSY: 503,
  COLOR_LOCKED: 403,
};

/** The one error type services throw; the error handler maps it to a status and a JSON body. */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
  get status(): number {
    return STATUS[this.code];
  }
}

/**
 * The error of a feature this deploy has not configured (no provider, no wallet, no bot token):
 * expected on every such call, so the error handler does not log it; the start logs it once.
 * `details.configured` false lets the client say so instead of "try again later".
 */
export function notConfigured(code: ErrorCode, message: string): AppError {
  return new AppError(code, message, { configured: false });
}

export function isNotConfigured(err: unknown): boolean {
  return err instanceof AppError && err.details?.configured === false;
}

export function statusOf(code: ErrorCode): number {
  return STATUS[code];
}
