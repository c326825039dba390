/** Browser implementations of the sync's seams: WebSocket, deflate-raw, and the webp snapshot. */
import { API_PREFIX } from '@pixel-wall/shared/core';
import { decodeSnapshot } from './snapshot-decode.ts';
import type { Snapshot, SocketLike } from './sync.ts';

export function wsUrl(token: string | null): string {
  const { protocol, host } = window.location;
  const base = `${protocol === 'https:' ? 'wss:' : 'ws:'}//${host}/ws`;
  return token ? `${base}?token=${encodeURIComponent(token)}` : base;
}

export function openBrowserSocket(url: string): SocketLike {
  return new WebSocket(url) as unknown as SocketLike;
}

export async function inflateRaw(body: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([body as BlobPart]).stream().pipeThrough(new DecompressionStream('deflate-raw'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** The webp snapshot, decoded back to palette indices (in a worker where the browser can). */
export async function fetchSnapshot(afterSeq: number, signal: AbortSignal): Promise<Snapshot> {
  const res = await fetch(`${API_PREFIX}/image/canvas?after=${afterSeq}`, { signal });
  if (!res.ok) throw new Error(`canvas image: HTTP ${res.status}`);
  const seq = Number(res.headers.get('X-Canvas-Seq') ?? '0');
  return { seq, indices: await decodeSnapshot(await res.blob()) };
}

/** The webp bytes of the socket's canvas:main answer, decoded like the HTTP snapshot. */
export function decodeCanvasImage(image: Uint8Array): Promise<Uint8Array> {
  return decodeSnapshot(new Blob([image as BlobPart], { type: 'image/webp' }));
}
