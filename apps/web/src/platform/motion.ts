/**
 * Whether the interface may move: the player's animations setting (localStorage `animations`)
 * and the system's prefers-reduced-motion both have to allow it. CSS follows
 * `:root[data-animations]` and the media query by itself; script-driven motion (camera moves,
 * smooth scrolling, particles) asks `useMotion()` or `motionAllowed()`.
 */
import { useSyncExternalStore } from 'react';
import { useAppSelector } from '../store/hooks.ts';
import { selectAnimations } from '../store/uiSlice.ts';

export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

function reducedQuery(): MediaQueryList | null {
  return typeof globalThis.matchMedia === 'function' ? globalThis.matchMedia(REDUCED_MOTION_QUERY) : null;
}

export function prefersReducedMotion(): boolean {
  return reducedQuery()?.matches ?? false;
}

/** Motion is allowed when the setting is on and the system does not ask for less. */
export function motionAllowed(animationsSetting: boolean, reduced = prefersReducedMotion()): boolean {
  return animationsSetting && !reduced;
}

function subscribeReduced(onChange: () => void): () => void {
  const query = reducedQuery();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

/** The system preference, live. */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(subscribeReduced, prefersReducedMotion, () => false);
}

/** True when the interface may animate: the setting is on and reduced motion is not asked for. */
export function useMotion(): boolean {
  const setting = useAppSelector(selectAnimations);
  return motionAllowed(setting, usePrefersReducedMotion());
}

/** `behavior` for scrollIntoView / scrollTo that honours the motion setting. */
export function scrollBehavior(motion: boolean): ScrollBehavior {
  return motion ? 'smooth' : 'auto';
}
