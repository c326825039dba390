/**
 * Work that can wait until the browser is idle (requestIdleCallback), or a short while where
 * there is none (Safari). Returns the cancel.
 */
export const IDLE_FALLBACK_MS = 2_000;
/** The longest an idle task waits on a page that is never idle. */
export const IDLE_TIMEOUT_MS = 10_000;

export function whenIdle(task: () => void, scope: Partial<typeof globalThis> = globalThis): () => void {
  const { requestIdleCallback: request, cancelIdleCallback: cancel } = scope;
  if (typeof request === 'function' && typeof cancel === 'function') {
    const id = request(() => task(), { timeout: IDLE_TIMEOUT_MS });
    return () => cancel(id);
  }
  const timer = setTimeout(task, IDLE_FALLBACK_MS);
  return () => clearTimeout(timer);
}
