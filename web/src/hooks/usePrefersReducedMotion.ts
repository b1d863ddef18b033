import { useSyncExternalStore } from 'react';

/** The media query of a system setting that asks for less motion. */
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

type MediaQueries = Pick<Window, 'matchMedia'>;

/** Whether the system asks for reduced motion now (false where media queries are unknown). */
export function prefersReducedMotion(media: Partial<MediaQueries> = globalThis): boolean {
  return typeof media.matchMedia === 'function' && media.matchMedia(REDUCED_MOTION_QUERY).matches;
}

/** Calls `onChange` whenever the setting changes; answers the remover. */
export function onReducedMotionChange(onChange: () => void, media: Partial<MediaQueries> = globalThis): () => void {
  if (typeof media.matchMedia !== 'function') return () => undefined;
  const query = media.matchMedia(REDUCED_MOTION_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** Whether the system asks for reduced motion, following changes of the setting. */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(onReducedMotionChange, prefersReducedMotion, () => false);
}
