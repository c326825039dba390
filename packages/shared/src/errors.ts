/** Stable machine-readable error codes, shared by the HTTP API and websocket RPC replies. */
export const ERROR_CODES = [
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'INVALID_INIT_DATA',
  'EXPIRED_INIT_DATA',
  'INVALID_LOGIN_PAYLOAD',
  'INVALID_REFRESH_TOKEN',
  'DEV_SIGN_IN_DISABLED',
  'FORBIDDEN',
  'BANNED',
  'NOT_FOUND',
  'NO_CHARGES',
  'INVALID_PIXEL',
  'INVALID_COLOR',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'CONFLICT',
  'UNAVAILABLE',
  'INTERNAL',
  'NOT_AVAILABLE',
  'ALREADY_OWNED',
  'NO_ITEMS',
  'WRONG_CURRENCY',
  'ALREADY_CLAIMED',
  'CHARGES_FULL',
  'WRONG_SECRET_WORD',
  'REVSHARE_LOCKED',
  'TON_PROOF_INVALID',
  'CAPTCHA_REQUIRED',
  'CAPTCHA_WRONG',
  'WALLET_NOT_VERIFIED',
  'WALLET_NOT_CONNECTED',
  'NOT_ENOUGH_PX',
  'MAX_LEVEL',
  'NFT_ALREADY_SUBMITTED',
  'NFT_CAP_REACHED',
  'NFT_NOT_APPROVED',
  'NFT_NO_COLLECTION',
  'UPLOADS_BUSY',
  'COLOR_LOCKED',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export interface ErrorBody {
  error: { code: ErrorCode; message: string };
  requestId: string;
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}
