/** A failed API call as the UI sees it, parsed from `{error:{code,message},requestId}`. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    /** Server error code (`NO_CHARGES`, …), or `NETWORK` / `BAD_RESPONSE` / `HTTP_<status>` locally. */
    readonly code: string,
    message: string,
    readonly requestId: string | null = null,
    /** the error's `details`, when the server sent any */
    readonly details: Readonly<Record<string, unknown>> | null = null,
  ) {
    super(message);
  }

  /** The server has not configured the feature (no provider, no wallet): retrying will not help. */
  get notConfigured(): boolean {
    return this.details?.configured === false;
  }
}

/** The serializable part of an ApiError, fit for Redux rejections. */
export interface ApiErrorInfo {
  status: number;
  code: string;
  message: string;
  requestId: string | null;
}

export function toErrorInfo(error: unknown): ApiErrorInfo {
  if (error instanceof ApiError) {
    return { status: error.status, code: error.code, message: error.message, requestId: error.requestId };
  }
  return {
    status: 0,
    code: 'UNKNOWN',
    message: error instanceof Error ? error.message : String(error),
    requestId: null,
  };
}

/** DOMException is not an Error subclass everywhere (jsdom), so match on the name. */
export function isAbortError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

export async function apiErrorFromResponse(response: Response): Promise<ApiError> {
  const headerId = response.headers.get('x-request-id');
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // Not JSON (a proxy's HTML error page, an empty body): fall through to the status text.
  }
  if (isRecord(body) && isRecord(body.error)) {
    const { code, message, details } = body.error;
    const requestId = typeof body.requestId === 'string' ? body.requestId : headerId;
    return new ApiError(
      response.status,
      typeof code === 'string' ? code : `HTTP_${response.status}`,
      typeof message === 'string' ? message : response.statusText,
      requestId,
      isRecord(details) ? details : null,
    );
  }
  return new ApiError(
    response.status,
    `HTTP_${response.status}`,
    response.statusText || `HTTP ${response.status}`,
    headerId,
  );
}
