import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { scrollBehavior, useMotion } from '../../platform/motion.ts';

/** The element a URL hash names (`#about_stats` → id "about_stats"), or null. */
export function hashTarget(hash: string, doc: Document = document): HTMLElement | null {
  if (!hash || hash === '#') return null;
  let id: string;
  try {
    id = decodeURIComponent(hash.slice(1));
  } catch {
    return null;
  }
  return doc.getElementById(id);
}

/**
 * SPEC §2 /about: a URL hash scrolls to the matching element — on arrival, when the hash changes,
 * and again when `settled` changes (content that loads later moves the target down).
 * Smooth only when motion is allowed.
 */
export function useHashScroll(settled: unknown = null): void {
  const { hash } = useLocation();
  const motion = useMotion();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `settled` re-runs the scroll after late content
  useEffect(() => {
    if (!hash) return;
    const frame = requestAnimationFrame(() => {
      hashTarget(hash)?.scrollIntoView?.({ behavior: scrollBehavior(motion), block: 'start' });
    });
    return () => cancelAnimationFrame(frame);
  }, [hash, motion, settled]);
}
