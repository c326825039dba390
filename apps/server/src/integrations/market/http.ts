/**
 * One bounded JSON GET for the market integrations: a timeout, a response size limit enforced
 * while reading (a provider that streams megabytes is cut off, not buffered), and errors that say
 * which provider failed and how.
 */

export class UpstreamError extends Error {
  override name = 'UpstreamError';
  constructor(
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
  }
}

export interface GetJsonOptions {
  /** the provider, for error messages */
  name: string;
  timeoutMs: number;
  maxBytes: number;
  headers?: Record<string, string>;
  fetch?: typeof fetch;
}

async function readBounded(res: Response, maxBytes: number, name: string): Promise<string> {
  const declared = Number(res.headers.get('content-length') ?? Number.NaN);
  if (Number.isFinite(declared) && declared > maxBytes) {
    await res.body?.cancel().catch(() => {});
    throw new UpstreamError(`${name} response too large (${declared} bytes)`, res.status);
  }
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      throw new UpstreamError(`${name} response too large (over ${maxBytes} bytes)`, res.status);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export async function getJson(url: URL, opts: GetJsonOptions): Promise<unknown> {
  const doFetch = opts.fetch ?? fetch;
  const signal = AbortSignal.timeout(opts.timeoutMs);
  let res: Response;
  try {
    res = await doFetch(url, { headers: { accept: 'application/json', ...opts.headers }, signal });
  } catch (err) {
    const reason =
      (err as Error).name === 'TimeoutError'
        ? `no answer within ${opts.timeoutMs} ms`
        : (err as Error).message;
    throw new UpstreamError(`${opts.name} unreachable: ${reason}`);
  }
  let text: string;
  try {
    text = await readBounded(res, opts.maxBytes, opts.name);
  } catch (err) {
    if (err instanceof UpstreamError) throw err;
    throw new UpstreamError(`${opts.name} response cut off: ${(err as Error).message}`, res.status);
  }
  if (!res.ok) throw new UpstreamError(`${opts.name} answered ${res.status}`, res.status);
  try {
    return JSON.parse(text);
  } catch {
    throw new UpstreamError(`${opts.name} sent malformed JSON`, res.status);
  }
}
