/** Decodes one webp snapshot to palette indices off the main thread (see snapshot-decode.ts). */
import { type DecodeReply, decodeSnapshotImage } from './snapshot-decode.ts';

interface WorkerScope {
  onmessage: ((ev: MessageEvent<Blob>) => void) | null;
  postMessage(message: DecodeReply, transfer?: Transferable[]): void;
}

const scope = self as unknown as WorkerScope;

scope.onmessage = (ev) => {
  decodeSnapshotImage(ev.data).then(
    (indices) => scope.postMessage({ ok: true, indices }, [indices.buffer]),
    (err: unknown) =>
      scope.postMessage({ ok: false, message: err instanceof Error ? err.message : String(err) }),
  );
};
