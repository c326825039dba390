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
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export interface ErrorBody {
  error: { code: ErrorCode; message: string };
  requestId: string;
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}
