/**
 * The attacker's HTTP client: raw node:http, so a request goes out exactly as written (bad `%`
 * escapes, over-long paths, odd content types) and nothing is normalised on the way.
 */
import fs from 'node:fs';
import http from 'node:http';

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  ms: number;
}

export interface RawRequest {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  timeoutMs?: number;
}

export const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/** One request; a network failure resolves with status 0 and the error in `body`. */
export function send(baseUrl: string, r: RawRequest): Promise<RawResponse> {
  const u = new URL(baseUrl);
  const started = performance.now();
  return new Promise((resolve) => {
    const headers: Record<string, string | number> = { ...r.headers };
    if (r.body !== undefined) headers['content-length'] = Buffer.byteLength(r.body);
    const req = http.request(
      { host: u.hostname, port: Number(u.port), method: r.method, path: r.path, headers, agent },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          // Keep at most 64 KiB: a reply larger than that is itself worth reporting by its size.
          size += c.length;
          if (size <= 65_536) chunks.push(c);
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
            ms: performance.now() - started,
          }),
        );
        res.on('error', (err) => resolve({ status: 0, headers: {}, body: String(err), ms: 0 }));
      },
    );
    req.setTimeout(r.timeoutMs ?? 15_000, () => req.destroy(new Error('timeout')));
    req.on('error', (err) =>
      resolve({ status: 0, headers: {}, body: String(err), ms: performance.now() - started }),
    );
    if (r.body !== undefined) req.write(r.body);
    req.end();
  });
}

export function json(method: string, path: string, body: unknown, token?: string): RawRequest {
  return {
    method,
    path,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  };
}

/** True when `body` is the app's error format: {"error":{"code","message"}}. */
export function isAppError(body: string): boolean {
  try {
    const b = JSON.parse(body) as { error?: { code?: unknown; message?: unknown } };
    return typeof b.error?.code === 'string' && typeof b.error.message === 'string';
  } catch {
    return false;
  }
}

/** Runs `tasks` with at most `limit` at a time. */
export async function pool<T>(limit: number, tasks: (() => Promise<T>)[]): Promise<T[]> {
  const out: T[] = new Array(tasks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, tasks.length) }, async () => {
      while (next < tasks.length) {
        const i = next++;
        out[i] = await tasks[i]!();
      }
    }),
  );
  return out;
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
}

/** Resident memory of a process in bytes, from /proc (Linux). */
export function rssOf(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /VmRSS:\s+(\d+)/.exec(status)?.[1];
    return kb ? Number(kb) * 1024 : 0;
  } catch {
    return 0;
  }
}
